import asyncio

from reasoning_mesh.planner.app import main

asyncio.run(main())

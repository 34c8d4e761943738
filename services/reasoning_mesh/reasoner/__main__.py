import asyncio

from reasoning_mesh.reasoner.app import main

asyncio.run(main())

import asyncio

from reasoning_mesh.gateway.app import main

asyncio.run(main())

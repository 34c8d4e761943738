import asyncio

from reasoning_mesh.verifier.app import main

asyncio.run(main())

import asyncio

from reasoning_mesh.learner.app import main

asyncio.run(main())

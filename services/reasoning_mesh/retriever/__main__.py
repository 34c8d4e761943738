import asyncio

from reasoning_mesh.retriever.app import main

asyncio.run(main())

from reasoning_mesh.analytics.app import main

main()

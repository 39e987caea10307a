from lgmail.cli import main

raise SystemExit(main())

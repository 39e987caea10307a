from lgmail.cli.entry import main

raise SystemExit(main())

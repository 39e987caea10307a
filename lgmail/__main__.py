from lgmail.entry import main

raise SystemExit(main())

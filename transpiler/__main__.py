"""`python -m amppy` is the `amppy` command."""
import sys

from .cli import main

sys.exit(main())

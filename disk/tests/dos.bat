EXIT7
DOSTEST hello world

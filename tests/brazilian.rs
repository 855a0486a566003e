''',1)
s=s.replace('''# file, an evaluation file, a test, one line in src/games.rs and the''','''# file, an evaluation file, its rules page for players (src/games/, shown
# by the app and by dama play), a test, one line in src/games.rs and the''')
open('.ci/new-game','w').write(s)

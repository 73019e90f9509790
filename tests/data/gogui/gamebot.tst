# gamebot under GoGui's gogui-regress (scripts/gogui_check.sh): positions loaded with
# loadsgf, moves asked with reg_genmove, patterns after "#?".

# White's E5 is in atari. Black is far ahead at komi 0 whatever it plays, so the search
# need not capture (at 200 playouts it chose E4 over stdio, D4 over TCP): the test asks
# for a move on an empty point. Capturing at E4 wins the count by 3.
loadsgf atari.sgf
1 reg_genmove b
#? [!(PASS|resign|D6|D5|F5|E6|E5|G3|G7|C3)]

2 play b E4
#? []

3 final_score
#? [B\+3]

# A game against GNU Go, after its 11th move: Black does not pass there.
loadsgf game.sgf 11
10 reg_genmove b
#? [!PASS]

11 showboard
#? [.*]

# Its end: White's answer is a move, a pass or a resignation.
loadsgf game.sgf
20 reg_genmove w
#? [[A-HJ]\d|PASS|resign]

#!/usr/bin/env python3
"""Gives an xboard engine without `setboard` (Fairy-Max: `feature setboard=0`) one.

Runs the engine named by the arguments and stands between it and the GUI: the engine's
lines pass through unchanged except that `setboard=0` in its features becomes
`setboard=1`; the GUI's lines pass through unchanged except `setboard FEN`, which is
replayed as the protocol's edit mode (the way xboard itself sets up a position for such
an engine): a dummy `a2a3` first when Black is to move (edit mode keeps the side to move),
then `edit`, `#` (clear the board), White's men, `c`, Black's men, `.`.

Edit mode cannot say which castlings are lost or where an en passant capture is possible:
the engine assumes castling wherever King and Rook stand on their squares. The odds
openings of scripts/openings/ keep every castling right whose men are home, so nothing is
lost there; at a position where that is not so the wrapper says so on stderr and ends,
engine and all, rather than let a game go on from the wrong position.

Usage (python-chess, scripts/strength_match.py):
  scripts/strength_match.py ... --protocol xboard \\
      --opponent scripts/xboard_setboard.py --opponent-args /usr/games/fairymax
"""

import subprocess
import sys
import threading

import chess


def edit_commands(fen):
    """The edit-mode lines that set up `fen` after `new` and `force`."""
    board = chess.Board(fen)
    implied = chess.BB_EMPTY
    for color, king, rooks in (
        (chess.WHITE, chess.E1, (chess.A1, chess.H1)),
        (chess.BLACK, chess.E8, (chess.A8, chess.H8)),
    ):
        if board.king(color) == king:
            for rook in rooks:
                if board.piece_at(rook) == chess.Piece(chess.ROOK, color):
                    implied |= chess.BB_SQUARES[rook]
    if implied != board.castling_rights:
        raise ValueError(f"edit mode cannot give the castling rights of {fen}")
    men = board.piece_map().items()
    white = [p.symbol().upper() + chess.square_name(sq) for sq, p in men if p.color]
    black = [p.symbol().upper() + chess.square_name(sq) for sq, p in men if not p.color]
    black_to_move = ["a2a3"] if board.turn == chess.BLACK else []
    return black_to_move + ["edit", "#"] + white + ["c"] + black + ["."]


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    engine = subprocess.Popen(
        sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def engine_to_gui():
        for line in engine.stdout:
            if line.startswith("feature"):
                line = line.replace("setboard=0", "setboard=1")
            sys.stdout.write(line)
            sys.stdout.flush()

    relay = threading.Thread(target=engine_to_gui, daemon=True)
    relay.start()
    for line in sys.stdin:
        out = [line.rstrip("\n")]
        if line.startswith("setboard "):
            try:
                out = edit_commands(line[len("setboard "):].strip())
            except ValueError as err:
                # Playing on from the wrong position would score a wrong game: stop, so
                # that the runner sees the engine gone (strength_match.py leaves such a
                # game out).
                print(f"xboard_setboard: {err}", file=sys.stderr)
                engine.kill()
                return 1
        try:
            for o in out:
                engine.stdin.write(o + "\n")
            engine.stdin.flush()
        except BrokenPipeError:
            break
        if line.strip() == "quit":
            break
    try:
        engine.stdin.close()
    except BrokenPipeError:
        pass
    engine.wait()
    relay.join(timeout=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

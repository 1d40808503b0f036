#!/usr/bin/env python3
"""A small match runner (python-chess) for calibrating Morphy's UCI_Elo.

Plays Morphy at `UCI_LimitStrength true, UCI_Elo N` against one UCI or xboard opponent
(`--protocol xboard`), one game at
a time, at a Fischer clock (default 3s+0.03s). Openings come from
scripts/openings/openings.epd in a seeded random order; each opening is played twice with
the colours swapped. Games end only by the rules (mate, stalemate, insufficient material,
and threefold repetition and fifty moves once on the board, as fastchess and cutechess
declare them: see `adjudicate`) or on time or
by an illegal move / crash (a loss for the side at fault), except that a game in which the
opponent crashes or disconnects (GNU Chess in UCI mode does now and then) is left out of
the score and counted apart, and the opponent started again. A resignation (xboard
engines) loses. Morphy runs with `Rules fide`.

For games at odds, `--openings` names an odds set (scripts/openings/odds_openings_*.epd),
`--giver white|black` plays each opening once with Morphy on that side (the giver), and `--morphy-opt` sets Morphy's own options
(`OddsGiver=white`, `OddsContempt=100`). `--elo 0` plays Morphy at full strength.

Prints the score and the Elo difference with a 95% interval (from the per-game score
variance), and the measured rating `anchor + difference` when --anchor is given.

Example:
  scripts/strength_match.py --morphy target/release/morphy --elo 1400 \\
      --opponent /usr/games/stockfish --opt UCI_LimitStrength=true --opt UCI_Elo=1400 \\
      --anchor 1400 --games 60 --pgn /tmp/m1400.pgn
"""

import argparse
import math
import random
import sys
import time

import chess
import chess.engine
import chess.pgn


def elo_of(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def summary(results):
    """Score, Elo difference and its 95% half-interval, from per-game points."""
    n = len(results)
    if n == 0:
        return 0.5, 0.0, 0.0
    s = sum(results) / n
    var = sum(x * x for x in results) / n - s * s
    sd = math.sqrt(max(var, 1e-9) / n)
    lo, hi = elo_of(s - 1.96 * sd), elo_of(s + 1.96 * sd)
    return s, elo_of(s), (hi - lo) / 2


def adjudicate(board):
    """The result and reason if the game on `board` is over, else None.

    A draw by threefold repetition or by the fifty-move rule is declared once it stands on
    the board: the position has occurred three times, or fifty moves of each side have
    been made without a capture or a Pawn move, as fastchess and cutechess declare them.
    Not earlier: python-chess's `outcome(claim_draw=True)` also ends the game when the
    side to move *could* reach such a draw with one of its moves, which it may have no
    wish to play (a Knight up, GNU Chess would not repeat); every repetition and
    fifty-move draw of the runs kept from before this was declared so (docs/STRENGTH.md).
    """
    outcome = board.outcome(claim_draw=False)  # mate, stalemate, material, fivefold, 75 moves
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower()
    if board.is_repetition(3):
        return "1/2-1/2", "threefold_repetition"
    if board.is_fifty_moves():
        return "1/2-1/2", "fifty_moves"
    return None


def play_game(engines, names, board, tc, inc, pgn_headers):
    """engines[0] plays White from `board`. Returns (result string, reason, game, the
    engine that crashed or disconnected, or None)."""
    game = chess.pgn.Game()
    game.setup(board)
    for k, v in pgn_headers.items():
        game.headers[k] = v
    node = game
    clock = [tc, tc]
    while True:
        ended = adjudicate(board)
        if ended is not None:
            return ended[0], ended[1], game, None
        side = 0 if board.turn == chess.WHITE else 1
        lost = "0-1" if side == 0 else "1-0"  # the result if the side to move loses
        limit = chess.engine.Limit(
            white_clock=clock[0], black_clock=clock[1], white_inc=inc, black_inc=inc
        )
        start = time.monotonic()
        try:
            res = engines[side].play(board, limit, game=game)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as err:
            return lost, f"{names[side]} error: {err}", game, engines[side]
        used = time.monotonic() - start
        clock[side] -= used
        if clock[side] < 0:
            return lost, f"{names[side]} lost on time", game, None
        clock[side] += inc
        if res.resigned:
            return lost, f"{names[side]} resigns", game, None
        if res.move is None or res.move not in board.legal_moves:
            return lost, f"{names[side]} illegal move", game, None
        board.push(res.move)
        node = node.add_variation(res.move)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--morphy", required=True)
    ap.add_argument("--elo", type=int, required=True, help="Morphy's UCI_Elo (0: full strength)")
    ap.add_argument("--morphy-opt", action="append", default=[], help="Morphy option NAME=VALUE")
    ap.add_argument("--giver", choices=["white", "black"], default=None,
                    help="odds sets: each opening once, Morphy always this side (the giver)")
    ap.add_argument("--opponent", required=True, help="opponent command")
    ap.add_argument("--protocol", choices=["uci", "xboard"], default="uci",
                    help="the opponent's protocol (xboard: Sjeng, Fairy-Max, GNU Chess)")
    ap.add_argument("--opponent-args", default="", help="extra words, e.g. --uci")
    ap.add_argument("--opt", action="append", default=[], help="opponent option NAME=VALUE")
    ap.add_argument("--name", default=None, help="opponent name in the PGN")
    ap.add_argument("--anchor", type=float, default=None, help="opponent's rating")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--offset", type=int, default=0,
                    help="start at this game number (to continue a match: openings and seeds)")
    ap.add_argument("--tc", type=float, default=3.0)
    ap.add_argument("--inc", type=float, default=0.03)
    ap.add_argument("--openings", default="scripts/openings/openings.epd")
    ap.add_argument("--seed", type=int, default=1, help="opening order and Morphy's Seed base")
    ap.add_argument("--pgn", default=None)
    args = ap.parse_args()

    lines = [l for l in open(args.openings) if l.strip()]
    rng = random.Random(args.seed)
    if not args.giver:
        rng.shuffle(lines)  # odds sets are played in file order

    morphy = chess.engine.SimpleEngine.popen_uci([args.morphy])
    opp_cmd = [args.opponent] + args.opponent_args.split()

    def options(pairs):
        out = {}
        for o in pairs:
            k, v = o.split("=", 1)
            out[k] = {"true": True, "false": False}.get(v.lower(), v)
        return out

    morphy_opts = {"Rules": "fide"}
    if args.elo:
        morphy_opts.update({"UCI_LimitStrength": True, "UCI_Elo": args.elo})
    morphy_opts.update(options(args.morphy_opt))
    morphy.configure(morphy_opts)
    opp_opts = options(args.opt)

    def start_opponent():
        if args.protocol == "xboard":
            engine = chess.engine.SimpleEngine.popen_xboard(opp_cmd)
        else:
            engine = chess.engine.SimpleEngine.popen_uci(opp_cmd)
        engine.configure(opp_opts)
        return engine

    opp = start_opponent()
    opp_name = args.name or args.opponent.split("/")[-1] + "".join(
        f" {k}={v}" for k, v in opp_opts.items() if k in ("UCI_Elo",)
    )

    points = []
    crashes = 0
    wdl = [0, 0, 0]
    reasons = {}
    pgn_out = open(args.pgn, "a") if args.pgn else None
    for g in range(args.offset, args.offset + args.games):
        if args.giver:
            board, _ = chess.Board.from_epd(lines[g % len(lines)])
            morphy_white = args.giver == "white"
        else:
            board, _ = chess.Board.from_epd(lines[(g // 2) % len(lines)])
            morphy_white = g % 2 == 0
        # A fresh seed each game: reproducible, and not the same choices every game.
        morphy.configure({"Seed": args.seed * 1000 + g})
        engines = [morphy, opp] if morphy_white else [opp, morphy]
        names = [f"morphy-{args.elo or 'full'}", opp_name]
        names = names if morphy_white else names[::-1]
        headers = {
            "Event": f"morphy UCI_Elo {args.elo} vs {opp_name}",
            "White": names[0],
            "Black": names[1],
            "Round": str(g + 1),
            "TimeControl": f"{args.tc}+{args.inc}",
        }
        result, reason, game, crashed = play_game(
            engines, names, board, args.tc, args.inc, headers
        )
        game.headers["Result"] = result
        game.headers["Termination"] = reason
        if pgn_out:
            print(game, file=pgn_out, end="\n\n", flush=True)
        if crashed is opp:
            # The opponent crashed or disconnected (GNU Chess in UCI mode does now and
            # then): not Morphy's doing, so the game is left out of the score, and the
            # opponent is started again for the next one.
            crashes += 1
            print(f"game {g + 1}: left out, {reason}; opponent restarted", flush=True)
            try:
                opp.quit()
            except Exception:  # a dead engine may fail to quit in several ways
                pass
            opp = start_opponent()
            continue
        p = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        p = p if morphy_white else 1 - p
        points.append(p)
        wdl[{1.0: 0, 0.0: 1, 0.5: 2}[p]] += 1
        reasons[reason] = reasons.get(reason, 0) + 1
        s, d, err = summary(points)
        print(
            f"game {g + 1}: {result} ({reason}); Morphy W-L-D {wdl[0]}-{wdl[1]}-{wdl[2]}"
            f" score {100 * s:.1f}% Elo {d:+.0f} ± {err:.0f}",
            flush=True,
        )
    morphy.quit()
    opp.quit()
    s, d, err = summary(points)
    rated = f", measured {args.anchor + d:.0f} ± {err:.0f}" if args.anchor is not None else ""
    print(
        f"RESULT elo={args.elo} opponent='{opp_name}' games={len(points)} "
        f"W-L-D={wdl[0]}-{wdl[1]}-{wdl[2]} score={100 * s:.1f}% diff={d:+.0f} ± {err:.0f}{rated}"
        f" endings={reasons} opponent_crashes_left_out={crashes}"
    )


if __name__ == "__main__":
    sys.exit(main())

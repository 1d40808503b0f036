use super::*;
use engine::{Color, PieceKind};

/// Positions of random games (FIDE rules), labelled with a material count as the score
/// and its sign as the result: something a network can learn quickly.
fn synthetic(games: usize, plies: usize) -> Vec<PackedPosition> {
    let mut rng = Rng::new(17);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::startpos(Rules::new(RuleSet::Fide));
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
            let values = [100, 300, 300, 500, 900, 0];
            let material: i32 = PieceKind::ALL
                .iter()
                .map(|&k| {
                    values[k as usize]
                        * (pos.pieces_of(Color::White, k).len() as i32
                            - pos.pieces_of(Color::Black, k).len() as i32)
                })
                .sum();
            let own = if pos.turn() == Color::White {
                material
            } else {
                -material
            };
            let result = material.signum() as i8;
            out.push(PackedPosition::new(&pos, own, result, ply).unwrap());
        }
    }
    out
}

#[test]
fn training_lowers_the_error_on_a_tiny_synthetic_set() {
    let records = synthetic(60, 80);
    let settings = Settings {
        hidden: 16,
        epochs: 12,
        batch: 256,
        lr: 0.01,
        lambda: 0.0,
        holdout: 0.1,
        seed: 3,
        mirror: false,
    };
    let samples: Vec<Sample> = records.iter().map(Sample::new).collect();
    let before = error(&FloatNet::new(16, 3), &samples, 0.0);
    let (net, report) = train(&records, &settings);
    assert!(
        report.train < before * 0.5,
        "train error {} from {before}",
        report.train
    );
    assert!(report.held_out < before * 0.5, "{report:?}");
    // The quantised network, as the engine runs it, errs about as little.
    assert!(
        (report.held_out_quantised - report.held_out).abs() < 0.002,
        "{report:?}"
    );
    assert_eq!(net.hidden, 16);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
}

#[test]
fn the_quantised_network_scores_like_the_float_one() {
    let records = synthetic(10, 60);
    let rules = Rules::new(RuleSet::Fide);
    for seed in [1, 2] {
        let mut float = FloatNet::new(32, seed);
        // Biases and output weights away from their initial zeros.
        for (i, w) in float.w.iter_mut().enumerate().skip(FEATURES * 32) {
            *w += (i % 7) as f64 * 0.05 - 0.15;
        }
        let q = float.quantise();
        let (mut worst, mut total, mut largest) = (0.0f64, 0.0, 0.0f64);
        for r in &records {
            let pos =
                Position::from_setup(&Setup::from_fen(&r.fen(), false).unwrap(), rules).unwrap();
            let exact = float.output(&Sample::new(r)) * float_net::SCALE;
            let off = (f64::from(q.evaluate(&pos)) - exact).abs();
            worst = worst.max(off);
            total += off;
            largest = largest.max(exact.abs());
        }
        // Rounding the output weights to 1/64 and the feature weights to 1/255 costs a
        // few centipawns.
        let mean = total / records.len() as f64;
        assert!(largest > 100.0, "the float network scores positions apart");
        assert!(
            mean < 5.0 && worst < 15.0,
            "seed {seed}: off by {mean} cp on average, {worst} at worst, scores up to {largest}"
        );
    }
}

#[test]
fn a_mirrored_sample_is_the_sample_of_the_mirrored_board() {
    for record in synthetic(4, 40) {
        let mut setup = engine::Setup::empty();
        for (sq, piece) in record.pieces() {
            setup.board[sq as usize ^ 7] = Some(piece);
        }
        setup.turn = record.turn;
        let pos = Position::from_setup(&setup, Rules::new(RuleSet::Fide)).unwrap();
        let turned = PackedPosition::new(&pos, i32::from(record.score), record.result, 0).unwrap();
        let (want, got) = (Sample::new(&turned), Sample::new(&record).mirrored());
        let sorted = |f: &[u16]| {
            let mut v = f.to_vec();
            v.sort_unstable();
            v
        };
        let n = want.count as usize;
        assert_eq!(got.count as usize, n);
        assert_eq!(sorted(&got.ours[..n]), sorted(&want.ours[..n]));
        assert_eq!(sorted(&got.theirs[..n]), sorted(&want.theirs[..n]));
        assert_eq!((got.result, got.score), (want.result, want.score));
        assert_ne!(
            sorted(&got.ours[..n]),
            sorted(&Sample::new(&record).ours[..n])
        );
    }
}

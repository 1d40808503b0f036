use super::data::sigmoid;
use super::*;
use engine::eval::nnue::Activation;
use engine::{Color, PieceKind, RuleSet, Rules};

const ACTIVATIONS: [Activation; 2] = [Activation::ClippedRelu, Activation::SquaredClippedRelu];

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
    for activation in ACTIVATIONS {
        training_lowers_the_error_with(activation);
    }
}

fn training_lowers_the_error_with(activation: Activation) {
    let records = synthetic(60, 80);
    let settings = Settings {
        hidden: 16,
        activation,
        buckets: 1,
        epochs: 12,
        batch: 256,
        lr: 0.01,
        lr_end: 0.1,
        lambda: 0.0,
        cp_scale: CP_SCALE,
        holdout: 0.1,
        seed: 3,
        mirror: false,
        init: None,
    };
    let samples: Vec<Sample> = records.iter().map(Sample::new).collect();
    let before = error(
        &FloatNet::new(16, activation, 1, 3),
        &samples,
        0.0,
        CP_SCALE,
    );
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
    assert_eq!((net.hidden, net.activation), (16, activation));
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);

    // Started from that network (`--init`), one more epoch at a small step begins where
    // the first run ended, not from scratch, and quantises to a network of the same shape.
    let start = FloatNet::from_network(&net).unwrap();
    let tuned_settings = Settings {
        epochs: 1,
        lr: 0.001,
        init: Some(start.clone()),
        ..settings.clone()
    };
    let (tuned, tuned_report) = train(&records, &tuned_settings);
    assert!(
        tuned_report.train < before * 0.5 && tuned_report.held_out < before * 0.5,
        "{tuned_report:?}"
    );
    assert_eq!((tuned.hidden, tuned.activation), (16, activation));
    assert_ne!(tuned, net, "the step moved the weights");
    let fresh = Settings {
        epochs: 1,
        lr: 0.001,
        ..settings
    };
    let (_, fresh_report) = train(&records, &fresh);
    assert!(
        tuned_report.train < fresh_report.train,
        "one epoch from the trained network {} against one from random weights {}",
        tuned_report.train,
        fresh_report.train
    );
}

#[test]
fn a_network_read_back_as_float_weights_quantises_to_itself() {
    // The network built into the engine (trained by this program) and a random one of
    // each activation: dividing by the quantisation and rounding back is exact.
    let embedded = engine::eval::nnue::embedded().clone();
    let randoms = ACTIVATIONS.map(|a| FloatNet::new(32, a, 1, 5).quantise());
    let bucketed = ACTIVATIONS.map(|a| FloatNet::new(32, a, 8, 6).quantise());
    for net in std::iter::once(embedded).chain(randoms).chain(bucketed) {
        let float = FloatNet::from_network(&net).unwrap();
        assert_eq!(
            (float.hidden, float.activation, float.buckets),
            (net.hidden, net.activation, net.buckets())
        );
        assert_eq!(float.quantise().to_bytes(), net.to_bytes());
    }
    // A network quantised with other constants is refused, naming them.
    let mut other = FloatNet::new(16, Activation::ClippedRelu, 1, 1).quantise();
    other.qb = 32;
    let err = FloatNet::from_network(&other).unwrap_err();
    assert!(err.contains("QB 32"), "{err}");
}

#[test]
fn a_widened_network_scores_exactly_as_before_and_then_learns_with_its_new_units() {
    let records = synthetic(10, 60);
    for (activation, buckets) in [
        (Activation::ClippedRelu, 8),
        (Activation::SquaredClippedRelu, 1),
    ] {
        let mut narrow = FloatNet::new(32, activation, buckets, 3);
        for (i, w) in narrow.w.iter_mut().enumerate().skip(FEATURES * 32) {
            *w += (i % 7) as f64 * 0.05 - 0.15;
        }
        let wide = narrow.widened(64, 4);
        assert_eq!(
            (wide.hidden, wide.buckets, wide.activation),
            (64, buckets, activation)
        );
        // The float outputs are equal (the new units add exact zeros), and so are the
        // engine's integer scores of the two quantised networks.
        let (qn, qw) = (narrow.quantise(), wide.quantise());
        for r in &records {
            let s = Sample::new(r);
            assert_eq!(narrow.output(&s).to_bits(), wide.output(&s).to_bits());
            let pos = r.position();
            assert_eq!(qn.evaluate(&pos), qw.evaluate(&pos));
        }
        // The new units are live: their feature weights are not zero, and a training
        // step gives their output weights a gradient.
        let fresh = |w: &FloatNet| (0..FEATURES).any(|f| w.w[f * 64 + 40] != 0.0);
        assert!(fresh(&wide));
        let mut grad = vec![0.0; wide.w.len()];
        for r in &records {
            let _ = wide.backprop(&Sample::new(r), 0.9, CP_SCALE, &mut grad);
        }
        let out = FEATURES * 64 + 64;
        assert!((0..buckets * 2).any(|half| grad[out + half * 64 + 40] != 0.0));
    }
}

#[test]
fn the_quantised_network_scores_like_the_float_one() {
    let records = synthetic(10, 60);
    let cases = [(1, 1), (2, 1), (3, 8)]
        .into_iter()
        .flat_map(|(s, b)| ACTIVATIONS.map(|a| (s, a, b)));
    for (seed, activation, buckets) in cases {
        let mut float = FloatNet::new(32, activation, buckets, seed);
        // Biases and output weights away from their initial zeros.
        for (i, w) in float.w.iter_mut().enumerate().skip(FEATURES * 32) {
            *w += (i % 7) as f64 * 0.05 - 0.15;
        }
        let q = float.quantise();
        let (mut worst, mut total, mut largest) = (0.0f64, 0.0, 0.0f64);
        for r in &records {
            let pos = r.position();
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
            "seed {seed} {activation:?} {buckets} buckets: off by {mean} cp on average, {worst} at worst, scores up to {largest}"
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
        assert_eq!((got.result, got.score_cp), (want.result, want.score_cp));
        assert_ne!(
            sorted(&got.ours[..n]),
            sorted(&Sample::new(&record).ours[..n])
        );
    }
}

#[test]
fn the_gradient_matches_central_differences() {
    let records = synthetic(2, 30);
    // Sixteen buckets, so that the random games' counts of men fall in several; the loss
    // at the usual scale and at a smaller one (`train-net --cp-scale`).
    let cases = ACTIVATIONS
        .into_iter()
        .flat_map(|a| [(a, 1, CP_SCALE), (a, 16, CP_SCALE), (a, 16, 150.0)]);
    for (activation, buckets, cp_scale) in cases {
        let samples: Vec<Sample> = records.iter().map(Sample::new).collect();
        let mut net = FloatNet::new(16, activation, buckets, 5);
        // Every hidden sum inside (0, 1) for some samples and outside for others.
        for (i, w) in net.w.iter_mut().enumerate().skip(FEATURES * 16) {
            *w += (i % 5) as f64 * 0.1 - 0.1;
        }
        let loss = |net: &FloatNet| -> f64 {
            samples
                .iter()
                .map(|s| (net.predict(s, cp_scale) - s.target(0.3, cp_scale)).powi(2))
                .sum()
        };
        let h = net.hidden;
        let sums: Vec<f64> = samples
            .iter()
            .flat_map(|s| {
                let mut acc = net.w[FEATURES * h..FEATURES * h + h].to_vec();
                for &f in &s.ours[..s.count as usize] {
                    for (a, c) in acc.iter_mut().zip(&net.w[f as usize * h..][..h]) {
                        *a += c;
                    }
                }
                acc
            })
            .collect();
        assert!(sums.iter().any(|&x| x > 0.0 && x < 1.0));
        assert!(sums.iter().any(|&x| x <= 0.0 || x >= 1.0));
        let mut grad = vec![0.0; net.w.len()];
        for s in &samples {
            net.backprop(s, s.target(0.3, cp_scale), cp_scale, &mut grad);
        }
        // Weights of features in play, the biases, the output weights and bias.
        let f = samples[0].ours[0] as usize;
        let n = net.w.len();
        let mut checked = 0;
        for i in (f * 16..f * 16 + 16).chain(FEATURES * 16..n) {
            let h = 1e-6;
            let mut up = net.clone();
            up.w[i] += h;
            let mut down = net.clone();
            down.w[i] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
            assert!(
                (numeric - grad[i]).abs() < 1e-6 + 1e-4 * numeric.abs(),
                "{activation:?} at {cp_scale} cp, weight {i}: analytic {} numeric {numeric}",
                grad[i]
            );
            checked += usize::from(grad[i] != 0.0);
        }
        assert!(
            checked > 40,
            "{activation:?}: only {checked} gradients are non-zero"
        );
        // Each sample moves its own bucket's bias: as many as the buckets in play.
        let bias_grads = grad[n - buckets..].iter().filter(|&&g| g != 0.0).count();
        let in_play: std::collections::HashSet<usize> = samples
            .iter()
            .map(|s| engine::eval::nnue::output_bucket(u32::from(s.count), buckets))
            .collect();
        assert_eq!(bias_grads, in_play.len());
        if buckets > 1 {
            assert!(in_play.len() > 1, "the samples fall in several buckets");
        }
    }
}

#[test]
fn the_step_size_falls_linearly_towards_its_end_share() {
    let settings = Settings {
        hidden: 16,
        activation: Activation::ClippedRelu,
        buckets: 1,
        epochs: 10,
        batch: 256,
        lr: 0.002,
        lr_end: 0.01,
        lambda: 0.0,
        cp_scale: CP_SCALE,
        holdout: 0.1,
        seed: 3,
        mirror: false,
        init: None,
    };
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(step_size(&settings, 0), 0.002));
    assert!(close(step_size(&settings, 5), 0.002 * (1.0 - 0.99 * 0.5)));
    assert!(close(step_size(&settings, 9), 0.002 * (1.0 - 0.99 * 0.9)));
    // The default share, a tenth, gives the step sizes the trainer always had.
    let tenth = Settings {
        lr_end: 0.1,
        ..settings
    };
    for e in 0..10 {
        assert!(close(
            step_size(&tenth, e),
            0.002 * (1.0 - 0.9 * e as f64 / 10.0)
        ));
    }
}

#[test]
fn the_bands_split_the_records_by_search_score_and_measure_the_overshoot() {
    let records = synthetic(4, 40);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    // A scorer that knows each record's search score, by its FEN.
    let by_fen: std::collections::HashMap<String, i32> = records
        .iter()
        .map(|r| (r.position().fen(), i32::from(r.score)))
        .collect();
    let exact = banded_errors(&records, |p| by_fen[&p.fen()]);
    let count: usize = exact.iter().map(|b| b.count).sum();
    assert_eq!(count, records.len());
    assert!(exact[..3].iter().all(|b| b.count > 0), "{exact:?}");
    for b in &exact {
        assert_eq!(
            (b.error, b.rms_cp, b.overshoot_cp),
            (0.0, 0.0, 0.0),
            "{b:?}"
        );
    }
    // Twice the search score overshoots it, in each band, by the band's mean |score|,
    // misses it by the root mean square of the scores, and errs by the logistic's gap.
    // The search scores of the records in a band, by its bounds.
    let scores_in = |b: &BandErrors| -> Vec<i32> {
        records
            .iter()
            .map(|r| i32::from(r.score))
            .filter(|s| s.abs() >= b.bounds.0 && b.bounds.1.is_none_or(|u| s.abs() < u))
            .collect()
    };
    let doubled = banded_errors(&records, |p| 2 * by_fen[&p.fen()]);
    for (i, b) in doubled.iter().enumerate() {
        let inside: Vec<f64> = scores_in(b).into_iter().map(f64::from).collect();
        assert_eq!(inside.len(), b.count, "band {i}");
        let mean = |f: &dyn Fn(f64) -> f64| {
            inside.iter().map(|&s| f(s)).sum::<f64>() / inside.len().max(1) as f64
        };
        assert!(close(b.overshoot_cp, mean(&|s| s.abs())), "band {i}: {b:?}");
        assert!(close(b.rms_cp, mean(&|s| s * s).sqrt()), "band {i}: {b:?}");
        let gap = |s: f64| (sigmoid(2.0 * s / CP_SCALE) - sigmoid(s / CP_SCALE)).powi(2);
        assert!(close(b.error, mean(&gap)), "band {i}: {b:?}");
    }
    // Halving it falls short: the overshoot is below zero wherever a score is not 0.
    let halved = banded_errors(&records, |p| by_fen[&p.fen()] / 2);
    assert!(halved[1..]
        .iter()
        .all(|b| b.count == 0 || b.overshoot_cp < 0.0));
    // A record scored 0 adds nothing to the overshoot, whatever the evaluation says: 50 cp
    // above every score overshoots by 50 × the mean sign of the band's scores (`f64::signum`
    // would count a 0 as 1).
    assert!(records.iter().any(|r| r.score == 0));
    let off = banded_errors(&records, |p| by_fen[&p.fen()] + 50);
    for b in &off {
        let signs: Vec<f64> = scores_in(b)
            .into_iter()
            .map(|s| f64::from(s.signum()))
            .collect();
        let want = 50.0 * signs.iter().sum::<f64>() / signs.len().max(1) as f64;
        assert!(close(b.overshoot_cp, want), "{b:?}, want {want}");
    }
}

#[test]
fn training_reads_the_targets_and_the_output_at_the_runs_scale() {
    // At step size 0 the weights stay the random ones, so the run's errors are those of
    // the starting network at its scale: the scale reaches the samples and the gradient.
    let records = synthetic(20, 40);
    let mut errors = Vec::new();
    for cp_scale in [CP_SCALE, 150.0] {
        let settings = Settings {
            hidden: 16,
            activation: Activation::ClippedRelu,
            buckets: 1,
            epochs: 1,
            batch: 64,
            lr: 0.0,
            lr_end: 0.1,
            lambda: 0.0,
            cp_scale,
            holdout: 0.2,
            seed: 9,
            mirror: false,
            init: None,
        };
        let (_, report) = train(&records, &settings);
        let start = FloatNet::new(16, Activation::ClippedRelu, 1, 9);
        let split = held_out_from(records.len(), 0.2);
        let at = |rs: &[PackedPosition]| {
            let samples: Vec<Sample> = rs.iter().map(Sample::new).collect();
            error(&start, &samples, 0.0, cp_scale)
        };
        let (train_error, held_out) = (at(&records[..split]), at(&records[split..]));
        assert!(
            (report.train - train_error).abs() < 1e-12
                && (report.held_out - held_out).abs() < 1e-12,
            "at {cp_scale}: {report:?}, want train {train_error}, held out {held_out}"
        );
        for r in &records[..3] {
            let want = sigmoid(f64::from(r.score) / cp_scale);
            assert!((Sample::new(r).target(0.0, cp_scale) - want).abs() < 1e-15);
        }
        errors.push(report.train);
    }
    assert!(
        (errors[0] - errors[1]).abs() > 1e-6,
        "the two scales give the same error: {errors:?}"
    );
}

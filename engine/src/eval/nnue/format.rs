//! The network file: a 16-byte header, then the quantised weights, all little-endian.
//!
//! ```text
//! bytes 0..4    magic "MNUE"
//! bytes 4..6    version: 1 (the clipped ReLU), 2 (the activation in bytes 14..16) or 3
//!               (as 2, with output buckets)
//! bytes 6..8    H, the hidden width (a multiple of 16, at most 256)
//! bytes 8..10   QA, the scale of the feature weights and of the clipped ReLU's top
//! bytes 10..12  QB, the scale of the output weights
//! bytes 12..14  SCALE, centipawns per unit of the float network's output
//! bytes 14..16  version 1: zero (anything else is refused); version 2: the activation,
//!               0 the clipped ReLU, 1 the squared clipped ReLU (which an engine that
//!               reads version 1 only refuses)
//! version 3:    bytes 16..18 B, the output buckets (1 to 16), bytes 18..20 zero
//! then          feature weights: i16 × 768 × H, feature by feature (H per feature)
//!               feature biases:  i16 × H
//!               output weights:  i16 × 2H per bucket (the side to move's half first),
//!                                bucket 0 first (B = 1 before version 3)
//!               output biases:   i32 per bucket (in units of QA × QB)
//! ```
//!
//! A network of one bucket is written as version 1 or 2, byte for byte the file it was
//! before output buckets existed.

use std::fmt;

use super::network::{Activation, Network, FEATURES, MAX_BUCKETS, MAX_HIDDEN};

/// The file's first four bytes.
pub const MAGIC: [u8; 4] = *b"MNUE";
/// The newest format version this code reads and writes: 3, for a network of several
/// output buckets. A network of one bucket is written as version 1 (the clipped `ReLU`)
/// or 2 (the squared one), byte for byte the file it was before.
pub const VERSION: u16 = 3;
/// Bytes before the weights in versions 1 and 2.
pub const HEADER_BYTES: usize = 16;
/// Bytes version 3 adds to the header (the bucket count and two zeros).
pub const BUCKET_HEADER_BYTES: usize = 4;

/// Why a network file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with [`MAGIC`].
    BadMagic,
    /// A version other than [`VERSION`].
    Version(u16),
    /// A hidden width that is zero, not a multiple of 16 or above [`MAX_HIDDEN`].
    Hidden(usize),
    /// A zero quantisation factor, or a QA above 32767 (the top of an i16).
    Quantisation,
    /// An activation code other than 0 and 1.
    Activation(u16),
    /// An output bucket count of zero or above [`MAX_BUCKETS`], or a version 3 header
    /// whose bytes 18..20 are not zero.
    Buckets(usize),
    /// A squared clipped `ReLU` network whose output weight, times QA, leaves 16 bits
    /// (the inner product is taken in 16 bits): the largest such product.
    OutputRange(i32),
    /// The length does not match the header: (expected, found).
    Length(usize, usize),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::BadMagic => write!(f, "not a Morphy network (no MNUE magic)"),
            NetError::Version(v) => {
                write!(f, "network version {v}, this engine reads 1 to {VERSION}")
            }
            NetError::Hidden(h) => {
                write!(
                    f,
                    "hidden width {h}: must be a multiple of 16 up to {MAX_HIDDEN}"
                )
            }
            NetError::Quantisation => {
                write!(f, "a quantisation factor is zero, or QA is above 32767")
            }
            NetError::Activation(a) => write!(
                f,
                "activation {a}: this engine knows 0 (clipped ReLU) and, in a version 2 or 3 file, 1 \
                 (squared clipped ReLU)"
            ),
            NetError::Buckets(b) => write!(
                f,
                "{b} output buckets: a version 3 network has 1 to {MAX_BUCKETS}, and zeros \
                 in bytes 18..20"
            ),
            NetError::OutputRange(p) => write!(
                f,
                "QA times an output weight is {p}, beyond the 16 bits the squared clipped ReLU's \
                 product is taken in"
            ),
            NetError::Length(want, got) => {
                write!(f, "network of {got} bytes, its header asks for {want}")
            }
        }
    }
}

impl std::error::Error for NetError {}

/// The size of the file this code writes for a network of hidden width `hidden` and
/// `buckets` output buckets (version 3 only for more than one).
pub fn file_bytes(hidden: usize, buckets: usize) -> usize {
    layout_bytes(buckets > 1, hidden, buckets)
}

/// The file size with or without version 3's bucket header.
fn layout_bytes(bucket_header: bool, hidden: usize, buckets: usize) -> usize {
    let header = HEADER_BYTES
        + if bucket_header {
            BUCKET_HEADER_BYTES
        } else {
            0
        };
    header + 2 * (FEATURES * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn i16s(b: &[u8]) -> Vec<i16> {
    b.chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect()
}

impl Network {
    /// Reads a network file.
    pub fn from_bytes(b: &[u8]) -> Result<Network, NetError> {
        if b.len() < HEADER_BYTES || b[0..4] != MAGIC {
            return Err(NetError::BadMagic);
        }
        let version = u16_at(b, 4);
        if !(1..=VERSION).contains(&version) {
            return Err(NetError::Version(version));
        }
        let hidden = u16_at(b, 6) as usize;
        if hidden == 0 || !hidden.is_multiple_of(16) || hidden > MAX_HIDDEN {
            return Err(NetError::Hidden(hidden));
        }
        let (qa, qb, scale) = (
            i32::from(u16_at(b, 8)),
            i32::from(u16_at(b, 10)),
            i32::from(u16_at(b, 12)),
        );
        if qa == 0 || qb == 0 || scale == 0 || qa > i32::from(i16::MAX) {
            return Err(NetError::Quantisation);
        }
        // Version 1 has one activation and zeros here; anything else is refused rather
        // than read as the clipped ReLU. Versions 2 and 3 name it here.
        let activation = match (version, u16_at(b, 14)) {
            (_, 0) => Activation::ClippedRelu,
            (2.., 1) => Activation::SquaredClippedRelu,
            (_, other) => return Err(NetError::Activation(other)),
        };
        let bucket_header = version >= 3;
        let buckets = if bucket_header {
            if b.len() < HEADER_BYTES + BUCKET_HEADER_BYTES {
                return Err(NetError::Length(
                    HEADER_BYTES + BUCKET_HEADER_BYTES,
                    b.len(),
                ));
            }
            let buckets = u16_at(b, 16) as usize;
            if buckets == 0 || buckets > MAX_BUCKETS || u16_at(b, 18) != 0 {
                return Err(NetError::Buckets(buckets));
            }
            buckets
        } else {
            1
        };
        let want = layout_bytes(bucket_header, hidden, buckets);
        if b.len() != want {
            return Err(NetError::Length(want, b.len()));
        }
        let mut at = HEADER_BYTES
            + if bucket_header {
                BUCKET_HEADER_BYTES
            } else {
                0
            };
        let mut take = |n: usize| {
            let part = &b[at..at + n];
            at += n;
            part
        };
        let feature_weights = i16s(take(2 * FEATURES * hidden));
        let feature_bias = i16s(take(2 * hidden));
        let output_weights = i16s(take(buckets * 4 * hidden));
        let output_bias = take(4 * buckets)
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if activation == Activation::SquaredClippedRelu {
            let widest = output_weights
                .iter()
                .map(|&w| i32::from(w).abs())
                .max()
                .unwrap_or(0);
            if qa * widest > i32::from(i16::MAX) {
                return Err(NetError::OutputRange(qa * widest));
            }
        }
        Ok(Network {
            hidden,
            qa,
            qb,
            scale,
            activation,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            kernel: super::simd::Kernel::detect(),
        })
    }

    /// The network as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(file_bytes(self.hidden, self.buckets()));
        b.extend_from_slice(&MAGIC);
        let (version, activation) = match (self.buckets() > 1, self.activation) {
            (true, Activation::ClippedRelu) => (3, 0),
            (true, Activation::SquaredClippedRelu) => (3, 1),
            (false, Activation::ClippedRelu) => (1, 0),
            (false, Activation::SquaredClippedRelu) => (2, 1),
        };
        for v in [
            version,
            self.hidden as u16,
            self.qa as u16,
            self.qb as u16,
            self.scale as u16,
            activation,
        ] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        if version == 3 {
            b.extend_from_slice(&(self.buckets() as u16).to_le_bytes());
            b.extend_from_slice(&[0, 0]);
        }
        for w in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for bias in &self.output_bias {
            b.extend_from_slice(&bias.to_le_bytes());
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{random_bucketed_network, random_network};
    use super::*;

    #[test]
    fn a_network_round_trips_through_its_file() {
        let mut net = random_network(32, 7);
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            net.activation = activation;
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), file_bytes(32, 1));
            let version = if activation == Activation::ClippedRelu {
                1
            } else {
                2
            };
            assert_eq!(u16_at(&bytes, 4), version);
            assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
            // The same with eight output buckets: version 3, whatever the activation.
            let mut bucketed = random_bucketed_network(32, 8, 7);
            bucketed.activation = activation;
            let bytes = bucketed.to_bytes();
            assert_eq!(bytes.len(), file_bytes(32, 8));
            assert_eq!((u16_at(&bytes, 4), u16_at(&bytes, 16)), (3, 8));
            assert_eq!(Network::from_bytes(&bytes).unwrap(), bucketed);
        }
    }

    #[test]
    fn bad_bucket_headers_are_refused() {
        let bytes = random_bucketed_network(16, 4, 2).to_bytes();
        for (at, value, error) in [
            (16, 0, NetError::Buckets(0)),
            (16, 17, NetError::Buckets(17)),
            (18, 1, NetError::Buckets(4)),
        ] {
            let mut bad = bytes.clone();
            bad[at] = value;
            assert_eq!(Network::from_bytes(&bad), Err(error));
        }
        // A version 2 file read as version 3 has no bucket header: refused, not a panic.
        let mut old = random_network(16, 2).to_bytes();
        old[4] = 3;
        assert!(Network::from_bytes(&old).is_err());
        assert_eq!(
            Network::from_bytes(&bytes[..18]),
            Err(NetError::Length(20, 18))
        );
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::Length(file_bytes(16, 4), bytes.len() - 1))
        );
    }

    #[test]
    fn bad_files_are_refused() {
        let bytes = random_network(16, 1).to_bytes();
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert_eq!(Network::from_bytes(&bad), Err(NetError::BadMagic));
        let mut bad = bytes.clone();
        bad[4] = 9;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Version(9)));
        let mut bad = bytes.clone();
        bad[6] = 17;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Hidden(17)));
        let mut bad = bytes.clone();
        bad[8] = 0;
        bad[9] = 0;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Quantisation));
        let mut bad = bytes.clone();
        bad[9] = 0x80;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Quantisation));
        let mut bad = bytes.clone();
        bad[4] = 2;
        bad[14] = 2;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Activation(2)));
        // Version 1 knows one activation: a code in bytes 14..16 is refused, not read
        // as the clipped ReLU.
        let mut old = bytes.clone();
        old[14] = 1;
        assert_eq!(Network::from_bytes(&old), Err(NetError::Activation(1)));
        // A squared network whose output weight times QA would wrap in 16 bits.
        let mut net = random_network(16, 1);
        net.activation = Activation::SquaredClippedRelu;
        net.output_weights[3] = -129;
        assert_eq!(
            Network::from_bytes(&net.to_bytes()),
            Err(NetError::OutputRange(255 * 129))
        );
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::Length(bytes.len(), bytes.len() - 1))
        );
    }
}

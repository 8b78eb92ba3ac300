//! The hex map format (`pathseek::io::hex`): every error with its kind and
//! line, lying headers in bounded memory, no panic on any input, and maps
//! written and read back unchanged.

use pathseek::hex::{Hex, HexGrid};
use pathseek::io::hex::HexMap;
use pathseek::io::LoadErrorKind as K;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use crate::hostile::bounded;

fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/proptest-regressions/hex_io.txt"
        )))),
        ..ProptestConfig::default()
    }
}

const HEAD: &str = "type hex\nlayout odd-r\nheight 2\nwidth 3\nmap\n";

/// The error of `text`: its line and kind.
fn error(text: &str) -> (Option<usize>, K) {
    let e = HexMap::parse(text).expect_err(text);
    assert!(!e.to_string().is_empty());
    (e.line(), e.kind().clone())
}

fn bad_header(reason: &'static str, found: &str) -> K {
    K::BadHeader {
        reason,
        found: found.into(),
    }
}

#[test]
fn every_hex_format_error_has_its_kind_and_line() {
    let expected = "expected `type hex`, `layout odd-r`, `height N`, `width N` or `map`";
    let cases: Vec<(String, Option<usize>, K)> = vec![
        ("".into(), None, K::MissingHeader { header: "type" }),
        (
            "type hex\nlayout odd-r\nheight 2\nwidth 3\n".into(),
            None,
            K::MissingHeader { header: "map" },
        ),
        (
            "type hex\nheight 2\nwidth 3\nmap\n...\n".into(),
            Some(4),
            K::MissingHeader { header: "layout" },
        ),
        (
            "type hex\ntype hex\n".into(),
            Some(2),
            K::DuplicateHeader { header: "type" },
        ),
        (
            "type octile\n".into(),
            Some(1),
            bad_header("a hex map needs `type hex`", "octile"),
        ),
        (
            "type hex\nlayout even-q\n".into(),
            Some(2),
            bad_header("the only hex layout is `odd-r`", "even-q"),
        ),
        (
            "type hex\nsize 3\n".into(),
            Some(2),
            bad_header(expected, "size 3"),
        ),
        (
            "type hex x y\n".into(),
            Some(1),
            bad_header(expected, "type hex x y"),
        ),
        (
            "type hex\nheight 0\n".into(),
            Some(2),
            K::BadSize {
                field: "height",
                found: "0".into(),
            },
        ),
        (
            "type hex\nwidth -3\n".into(),
            Some(2),
            K::BadSize {
                field: "width",
                found: "-3".into(),
            },
        ),
        (
            "type hex\nwidth 99999999999\n".into(),
            Some(2),
            K::BadSize {
                field: "width",
                found: "99999999999".into(),
            },
        ),
        (
            format!("{HEAD}...\n"),
            None,
            K::TooFewRows {
                found: 1,
                expected: 2,
            },
        ),
        (
            format!("{HEAD}...\n....\n"),
            Some(7),
            K::RowLength {
                found: 4,
                expected: 3,
            },
        ),
        (
            format!("{HEAD}...\n..\n"),
            Some(7),
            K::RowLength {
                found: 2,
                expected: 3,
            },
        ),
        (
            format!("{HEAD}...\n...\n...\n"),
            Some(8),
            K::TooManyRows { expected: 2 },
        ),
        (
            format!("{HEAD}...\n.G.\n"),
            Some(7),
            K::UnknownTile {
                column: 2,
                found: 'G',
            },
        ),
        (
            format!("{HEAD}..é\n...\n"),
            Some(6),
            K::UnknownTile {
                column: 3,
                found: 'é',
            },
        ),
        (
            "type hex\nlayout odd-r\nheight 65536\nwidth 65536\nmap\n".into(),
            None,
            K::TooLarge {
                width: 65536,
                height: 65536,
            },
        ),
        (
            "type hex\nlayout odd-r\nheight 1\nwidth 3000000000\nmap\n".into(),
            None,
            K::TooLarge {
                width: 3_000_000_000,
                height: 1,
            },
        ),
    ];
    for (text, line, kind) in cases {
        assert_eq!(error(&text), (line, kind), "{text:?}");
    }
    // Not UTF-8: an I/O error of kind InvalidData, on its line.
    let e =
        HexMap::read(&b"type hex\nlayout odd-r\nheight 1\nwidth 1\nmap\n\xff\n"[..]).unwrap_err();
    assert_eq!(e.line(), Some(6));
    assert!(matches!(
        e.kind(),
        K::Io {
            kind: std::io::ErrorKind::InvalidData
        }
    ));
}

#[test]
fn hex_maps_accept_any_header_order_blank_lines_and_crlf() {
    let text =
        "\r\nwidth 3\r\n\r\nheight 2\r\ntype hex\r\nlayout odd-r\r\nmap\r\n.@T\r\n098\r\n\r\n";
    let map = HexMap::parse(text).unwrap();
    assert_eq!(
        (map.width(), map.height(), map.tiles()),
        (3, 2, &b".@T098"[..])
    );
    let grid = map.to_grid(1u32).unwrap();
    assert_eq!(grid.passable_count(), 4);
    assert_eq!(grid.terrain(Hex::from_offset(0, 1).unwrap()), 0);
    assert_eq!(grid.terrain(Hex::from_offset(2, 1).unwrap()), 8);
    // Written back canonically: `@` for `T`, LF line ends, header in order.
    assert_eq!(
        HexMap::from_grid(&grid).unwrap().to_string(),
        "type hex\nlayout odd-r\nheight 2\nwidth 3\nmap\n.@@\n098\n"
    );
}

#[test]
fn lying_hex_headers_cost_no_memory() {
    let read = |b: &[u8]| HexMap::read(b);
    bounded(
        "hex 65535^2",
        b"type hex\nlayout odd-r\nheight 65535\nwidth 65535\nmap\n.\n",
        read,
    );
    bounded(
        "hex rows short",
        b"type hex\nlayout odd-r\nheight 65535\nwidth 1\nmap\n.\n",
        read,
    );
    bounded(
        "hex 1 x 2e9",
        b"type hex\nlayout odd-r\nheight 1\nwidth 2000000000\nmap\n..\n",
        read,
    );
    let e = bounded(
        "hex 2e9 x 3, no rows",
        b"type hex\nlayout odd-r\nheight 3\nwidth 2000000000\nmap\n",
        read,
    );
    assert_eq!(
        e.kind(),
        &K::TooLarge {
            width: 2_000_000_000,
            height: 3
        }
    );
}

/// A random map text: `w x h` tiles from all the format's characters.
fn map_text() -> impl Strategy<Value = (u32, u32, Vec<u8>)> {
    (1u32..=12, 1u32..=12).prop_flat_map(|(w, h)| {
        let tile = prop::sample::select(b".@T0123456789".to_vec());
        (
            Just(w),
            Just(h),
            prop::collection::vec(tile, (w * h) as usize),
        )
    })
}

proptest! {
    #![proptest_config(config())]

    /// Text read, turned into a grid, written and read again: the same
    /// hexagons, weights and text (blocked `T` written as `@`).
    #[test]
    fn hex_maps_round_trip((w, h, tiles) in map_text()) {
        let head = format!("type hex\nlayout odd-r\nheight {h}\nwidth {w}\nmap\n");
        let (mut text, mut canonical) = (head.clone(), head);
        for row in tiles.chunks(w as usize) {
            let row = std::str::from_utf8(row).unwrap();
            text += &format!("{row}\n");
            canonical += &format!("{}\n", row.replace('T', "@").replace('1', "."));
        }
        let map = HexMap::parse(&text).unwrap();
        prop_assert_eq!(map.tiles(), &tiles[..]);
        let grid: HexGrid<u32> = map.to_grid(3).unwrap();
        for (i, &t) in tiles.iter().enumerate() {
            let hex = Hex::from_offset(i as u32 % w, i as u32 / w).unwrap();
            let open = t != b'@' && t != b'T';
            prop_assert_eq!(grid.is_passable(hex), open);
            if open {
                let weight = if t == b'.' { 1 } else { u32::from(t - b'0') };
                prop_assert_eq!(grid.terrain(hex), weight);
            }
        }
        let written = HexMap::from_grid(&grid).unwrap().to_string();
        prop_assert_eq!(&written, &canonical);
        let again = HexMap::parse(&written).unwrap();
        prop_assert_eq!(HexMap::from_grid(&again.to_grid(3.0f64).unwrap()).unwrap(), again);
    }

    /// Any bytes: an answer, never a panic; an error names a line of the
    /// input or the one after it; a map read holds no more tiles than bytes.
    #[test]
    fn any_bytes_give_an_answer(bytes in prop::collection::vec(any::<u8>(), 0..200), head in any::<bool>()) {
        let mut input = if head { b"type hex\nlayout odd-r\nheight 3\nwidth 3\nmap\n".to_vec() } else { Vec::new() };
        input.extend_from_slice(&bytes);
        match HexMap::read(&input[..]) {
            Ok(map) => {
                prop_assert_eq!(map.tiles().len(), map.width() as usize * map.height() as usize);
                prop_assert!(map.tiles().len() <= input.len());
            }
            Err(e) => {
                let lines = input.split(|&b| b == b'\n').count();
                if let Some(line) = e.line() {
                    prop_assert!((1..=lines + 1).contains(&line), "line {} of {}", line, lines);
                }
            }
        }
    }
}

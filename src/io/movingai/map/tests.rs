//! Tests of the `.map` parser.

use super::*;
use crate::grid::Cell;
use crate::io::LoadErrorKind as K;

fn map_err(text: &str) -> crate::io::LoadError {
    MovingAiMap::parse(text).expect_err("should fail")
}

#[test]
fn parses_small_map() {
    let m = MovingAiMap::parse("type octile\nheight 2\nwidth 4\nmap\n.GS@\nOTW.\n").unwrap();
    assert_eq!((m.width(), m.height()), (4, 2));
    assert_eq!(m.tiles(), b".GS@OTW.");
    let open: Vec<bool> = (0..8).map(|i| m.is_passable(i % 4, i / 4)).collect();
    assert_eq!(open, [true, true, true, false, false, false, false, true]);
    let g = m.to_grid(Connectivity::Four, GridCosts::new(1u32, 1));
    assert_eq!(g.passable_count(), 4);
    for i in 0..8 {
        assert_eq!(
            g.is_passable(Cell::new(i % 4, i / 4)),
            m.is_passable(i % 4, i / 4)
        );
    }
    assert_eq!(g.width(), 4);
    assert_eq!(g.connectivity(), Connectivity::Four);
}

#[test]
fn header_variants_are_accepted() {
    let a = MovingAiMap::parse("type octile\nwidth 3\nheight 1\nmap\n...").unwrap();
    let b = MovingAiMap::parse("type octile\r\nheight 1\r\nwidth 3\r\nmap\r\n...\r\n").unwrap();
    let c = MovingAiMap::parse("type octile\nheight 1\nwidth 3\nmap\n...\n\n\n").unwrap();
    let d = MovingAiMap::parse("type  octile \n height\t1\nwidth 3\nmap \n...\r").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a, d);
}

#[test]
fn header_errors() {
    let e = map_err("type tile\nheight 1\nwidth 1\nmap\n.\n");
    assert_eq!(e.line(), Some(1));
    assert_eq!(
        e.kind(),
        &K::UnsupportedType {
            found: "tile".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "line 1: map type `tile` is not supported (only `type octile`)"
    );

    let e = map_err("height 1\nwidth 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(3), &K::MissingHeader { header: "type" })
    );
    let e = map_err("type octile\nheight 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(3), &K::MissingHeader { header: "width" })
    );
    let e = map_err("type octile\nwidth 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(3), &K::MissingHeader { header: "height" })
    );
    let e = map_err("type octile\nheight 1\nwidth 1\n");
    assert_eq!(
        (e.line(), e.kind()),
        (None, &K::MissingHeader { header: "map" })
    );
    let e = map_err("");
    assert_eq!(
        (e.line(), e.kind()),
        (None, &K::MissingHeader { header: "type" })
    );

    let e = map_err("type octile\nheight 1\nheight 1\nwidth 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(3), &K::DuplicateHeader { header: "height" })
    );

    let e = map_err("type octile\nheight abc\nwidth 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(2),
            &K::BadSize {
                field: "height",
                found: "abc".into()
            }
        )
    );
    let e = map_err("type octile\nheight 1\nwidth 0\nmap\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(3),
            &K::BadSize {
                field: "width",
                found: "0".into()
            }
        )
    );
    let e = map_err("type octile\nheight -2\nwidth 1\nmap\n");
    assert!(matches!(
        e.kind(),
        K::BadSize {
            field: "height",
            ..
        }
    ));
    let e = map_err("type octile\nheight 99999999999\nwidth 1\nmap\n");
    assert!(matches!(
        e.kind(),
        K::BadSize {
            field: "height",
            ..
        }
    ));

    let e = map_err("type octile\nheight 1 2\nwidth 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(2),
            &K::BadHeader {
                reason: "expected `type octile`, `height N`, `width N` or `map`",
                found: "height 1 2".into()
            }
        )
    );
    let e = map_err("type octile\nheight 1\nwidth 1\ndepth 3\nmap\n.\n");
    assert_eq!(e.line(), Some(4));
    assert!(matches!(e.kind(), K::BadHeader { .. }));
    let e = map_err("type\nheight 1\nwidth 1\nmap\n.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(1),
            &K::BadHeader {
                reason: "expected `type octile`, `height N`, `width N` or `map`",
                found: "type".into()
            }
        )
    );
    let e = map_err("type octile\nheight 65536\nwidth 65536\nmap\n");
    assert_eq!(
        e.kind(),
        &K::TooLarge {
            width: 65536,
            height: 65536
        }
    );
}

#[test]
fn row_errors() {
    // The example from the docs: a 49-wide map with a short row on line 7.
    let mut text = String::from("type octile\nheight 5\nwidth 49\nmap\n");
    for row in 0..5 {
        let len = if row == 2 { 48 } else { 49 };
        text.push_str(&".".repeat(len));
        text.push('\n');
    }
    let e = map_err(&text);
    assert_eq!(e.line(), Some(7));
    assert_eq!(
        e.kind(),
        &K::RowLength {
            found: 48,
            expected: 49
        }
    );
    assert_eq!(e.to_string(), "line 7: row has 48 characters, expected 49");

    let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n....\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(6),
            &K::RowLength {
                found: 4,
                expected: 3
            }
        )
    );
    let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n\n...\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(6),
            &K::RowLength {
                found: 0,
                expected: 3
            }
        )
    );

    let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(6),
            &K::UnknownTile {
                column: 2,
                found: 'x'
            }
        )
    );
    assert_eq!(
        e.to_string(),
        "line 6: column 2: unknown tile character 'x'"
    );
    let e = map_err("type octile\nheight 1\nwidth 3\nmap\n..é\n");
    assert_eq!(
        e.kind(),
        &K::UnknownTile {
            column: 3,
            found: 'é'
        }
    );
    let e = map_err("type octile\nheight 1\nwidth 3\nmap\n.\r.\n");
    assert_eq!(
        e.kind(),
        &K::UnknownTile {
            column: 2,
            found: '\r'
        }
    );

    let e = map_err("type octile\nheight 3\nwidth 3\nmap\n...\n...\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            None,
            &K::TooFewRows {
                found: 2,
                expected: 3
            }
        )
    );
    assert_eq!(e.to_string(), "file ends after 2 of 3 map rows");
    let e = map_err("type octile\nheight 1\nwidth 3\nmap\n");
    assert_eq!(
        e.kind(),
        &K::TooFewRows {
            found: 0,
            expected: 1
        }
    );
    let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n...\n...\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(7), &K::TooManyRows { expected: 2 })
    );
    let e = map_err("type octile\nheight 1\nwidth 3\nmap\n...\n\nextra\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(7), &K::TooManyRows { expected: 1 })
    );
}

//! Tests of the `.scen` parser and of [`Scenario`]'s checks.

use super::*;
use crate::io::LoadErrorKind as K;

fn scen_err(text: &str) -> crate::io::LoadError {
    parse_scenarios(text).expect_err("should fail")
}

#[test]
fn parses_scenarios() {
    let text = "version 1.0\n\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\r\n\
                1 arena.map 49 49 1 13 4 12 3.41421\n\n";
    let s = parse_scenarios(text).unwrap();
    assert_eq!(s.len(), 2);
    assert_eq!(
        s[0],
        Scenario {
            bucket: 0,
            map: "maps/dao/arena.map".into(),
            map_width: 49,
            map_height: 49,
            start: Cell::new(1, 11),
            goal: Cell::new(1, 12),
            optimal: 1.0,
        }
    );
    assert_eq!(s[0].map_file_name(), "arena.map");
    assert_eq!(s[1].map_file_name(), "arena.map");
    assert_eq!(s[1].bucket, 1);
    assert_eq!(s[1].optimal, 3.41421);
    assert!(parse_scenarios("version 1\n").unwrap().is_empty());
    // A map name with a space survives tab splitting.
    let s = parse_scenarios("version 1\n0\tmy map.map\t4\t4\t0\t0\t1\t1\t1.41421356\n").unwrap();
    assert_eq!(s[0].map, "my map.map");
}

#[test]
fn scenario_errors() {
    assert_eq!(scen_err("").kind(), &K::MissingVersion);
    assert_eq!(scen_err("\n \n").kind(), &K::MissingVersion);
    let e = scen_err("version 2\n");
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(1),
            &K::BadVersion {
                found: "version 2".into()
            }
        )
    );
    let e = scen_err("0\ta.map\t4\t4\t1\t1\t2\t2\t1.4\n");
    assert_eq!(e.line(), Some(1));
    assert!(matches!(e.kind(), K::BadVersion { .. }));
    assert!(scen_err("version\n")
        .to_string()
        .contains("expected `version 1`"));

    let e = scen_err("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\t1\n\n0\ta.map\t4\t4\t1\t1\t2\n");
    assert_eq!((e.line(), e.kind()), (Some(4), &K::FieldCount { found: 7 }));
    let e = scen_err("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\t1\t7\n");
    assert_eq!(
        (e.line(), e.kind()),
        (Some(2), &K::FieldCount { found: 10 })
    );
    let e = scen_err("version 1\n0 a.map 4 4 1 1 2 2 1 9\n");
    assert_eq!(e.kind(), &K::FieldCount { found: 10 });

    let e = scen_err("version 1\n0\ta.map\t4\t4\tx\t1\t2\t2\t1\n");
    assert_eq!(e.line(), Some(2));
    assert_eq!(
        e.kind(),
        &K::BadField {
            field: 5,
            name: "start x",
            found: "x".into(),
            expected: "a non-negative integer"
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2: field 5 (start x): `x` is not a non-negative integer"
    );
    let e = scen_err("version 1\n0\ta.map\t4\t-4\t1\t1\t2\t2\t1\n");
    assert!(matches!(
        e.kind(),
        K::BadField {
            field: 4,
            name: "map height",
            ..
        }
    ));
    let e = scen_err("version 1\nb\ta.map\t4\t4\t1\t1\t2\t2\t1\n");
    assert!(matches!(
        e.kind(),
        K::BadField {
            field: 1,
            name: "bucket",
            ..
        }
    ));
    let e = scen_err("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2.5\t1\n");
    assert!(matches!(
        e.kind(),
        K::BadField {
            field: 8,
            name: "goal y",
            ..
        }
    ));
    for bad in ["-1", "NaN", "nan", "inf", "-inf", "1e999", "1.2.3", "x"] {
        let e = scen_err(&format!("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\t{bad}\n"));
        assert_eq!(e.line(), Some(2), "{bad}");
        assert!(
            matches!(
                e.kind(),
                K::BadField {
                    field: 9,
                    name: "optimal length",
                    ..
                }
            ),
            "{bad}: {e}"
        );
    }
    let e = scen_err("version 1\n0\t\t4\t4\t1\t1\t2\t2\t1\n");
    assert!(matches!(
        e.kind(),
        K::BadField {
            field: 2,
            name: "map",
            ..
        }
    ));
}

#[test]
fn scenario_checks_and_tolerance() {
    let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n..T\n.@.\n").unwrap();
    let one = |line: &str| {
        parse_scenarios(&format!("version 1\n{line}\n"))
            .unwrap()
            .remove(0)
    };
    assert!(one("0\tm\t3\t2\t0\t0\t0\t1\t1").check_against(&map).is_ok());
    let e = one("0\tm\t2\t3\t0\t0\t0\t1\t1")
        .check_against(&map)
        .unwrap_err();
    assert_eq!(
        e.kind(),
        &K::SizeMismatch {
            scenario: (2, 3),
            map: (3, 2)
        }
    );
    assert_eq!(e.line(), None);
    let e = one("0\tm\t3\t2\t3\t0\t0\t1\t1")
        .check_against(&map)
        .unwrap_err();
    assert_eq!(
        e.kind(),
        &K::OutsideMap {
            endpoint: Endpoint::Start,
            cell: Cell::new(3, 0)
        }
    );
    let e = one("0\tm\t3\t2\t1\t1\t0\t0\t1")
        .check_against(&map)
        .unwrap_err();
    assert_eq!(
        e.kind(),
        &K::Blocked {
            endpoint: Endpoint::Start,
            cell: Cell::new(1, 1),
            tile: '@'
        }
    );
    assert_eq!(e.to_string(), "start (1, 1) is on blocked tile '@'");
    let e = one("0\tm\t3\t2\t0\t0\t2\t0\t2")
        .check_against(&map)
        .unwrap_err();
    assert_eq!(
        e.kind(),
        &K::Blocked {
            endpoint: Endpoint::Goal,
            cell: Cell::new(2, 0),
            tile: 'T'
        }
    );
    let e = one("0\tm\t3\t2\t0\t0\t0\t2\t2")
        .check_against(&map)
        .unwrap_err();
    assert!(matches!(
        e.kind(),
        K::OutsideMap {
            endpoint: Endpoint::Goal,
            ..
        }
    ));

    let none = one("0\tm\t3\t2\t0\t0\t2\t1\t0");
    assert!(none.expects_no_path());
    assert!(!none.matches(0.0));
    let same = one("0\tm\t3\t2\t0\t0\t0\t0\t0");
    assert!(!same.expects_no_path());
    assert!(same.matches(0.0));
    let long = one("0\tm\t3\t2\t0\t0\t0\t1\t1234.56");
    assert!((long.tolerance() - 0.0123456).abs() < 1e-12);
    assert!(long.matches(1234.57) && !long.matches(1234.58));
    let short = one("0\tm\t3\t2\t0\t0\t0\t1\t3.41421");
    assert_eq!(short.tolerance(), 1e-3);
    assert!(short.matches(2.0 + 2f64.sqrt()));
    assert!(!short.matches(3.416) && !short.matches(f64::NAN));
}

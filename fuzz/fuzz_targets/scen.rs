//! MovingAI `.scen`: any bytes; at most one scenario per line after the
//! version, each with a finite, non-negative length.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::io::movingai::{parse_scenarios, read_scenarios};
use pathseek_fuzz::{check_error, line_count};

fuzz_target!(|data: &[u8]| match read_scenarios(data) {
    Ok(scenarios) => {
        assert!(scenarios.len() < line_count(data));
        for s in &scenarios {
            assert!(s.optimal.is_finite() && s.optimal >= 0.0);
            assert!(!s.map.is_empty());
            assert!(s.tolerance() >= 1e-3);
        }
        if let Ok(text) = std::str::from_utf8(data) {
            assert_eq!(parse_scenarios(text).unwrap(), scenarios);
        }
    }
    Err(e) => check_error(data, &e),
});

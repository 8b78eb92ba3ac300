//! METIS `.xyz`: any bytes; every point read is finite, at most one per line,
//! and `read_xyz_for` agrees with `read_xyz`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::io::metis;
use pathseek_fuzz::{check_error, line_count};

fuzz_target!(|data: &[u8]| match metis::read_xyz(data) {
    Ok(points) => {
        assert!(points.len() <= line_count(data));
        assert!(points.iter().flatten().all(|x| x.is_finite()));
        assert_eq!(metis::read_xyz_for(data, points.len()).unwrap(), points);
        assert!(metis::read_xyz_for(data, points.len() + 1).is_err());
    }
    Err(e) => {
        check_error(data, &e);
        assert!(metis::read_xyz_for(data, 0).is_err());
    }
});

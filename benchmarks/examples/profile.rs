//! Runs one configuration over every 8th scenario of a MovingAI file (the
//! callgrind subset). Usage: subset CONFIG MAP SCEN
use pathseek::closed_set::{IndexedStore, PagedStore};
use pathseek::jump_points::JumpPoints;
use pathseek::movingai::{load_scenarios, MovingAiMap};
use pathseek::open_set::{BinaryHeap, DaryHeap};
use pathseek::{AStar, Connectivity, GridCosts};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let map = MovingAiMap::load(&a[2]).unwrap();
    let scen: Vec<_> = load_scenarios(&a[3])
        .unwrap()
        .into_iter()
        .step_by(8)
        .collect();
    let (mut exp, mut total) = (0u64, 0f64);
    let gu = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let gf = map.to_grid(Connectivity::Eight, GridCosts::<f64>::octile());
    let mut fast = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut fastp = AStar::new(DaryHeap::<u32, 4>::new(), PagedStore::new());
    let mut bf = AStar::new(BinaryHeap::<f64>::new(), IndexedStore::new());
    for s in &scen {
        let (e, c) = match a[1].as_str() {
            "fast" => {
                let r = fast.search(&gu, s.start, s.goal, gu.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "fast-paged" => {
                let r = fastp.search(&gu, s.start, s.goal, gu.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "default" => {
                let r = pathseek::astar(&gf, s.start, s.goal, gf.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            "binary-f64" => {
                let r = bf.search(&gf, s.start, s.goal, gf.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            "jps-u32" => {
                let j = JumpPoints::new(&gu).unwrap();
                let r = fast.search(&j, s.start, s.goal, gu.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "jps-f64" => {
                let j = JumpPoints::new(&gf).unwrap();
                let r = pathseek::astar(&j, s.start, s.goal, gf.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            "none" => (0, 0.0),
            _ => panic!("config"),
        };
        exp += e;
        total += c;
    }
    println!(
        "{} scenarios {} expanded {} total {}",
        a[1],
        scen.len(),
        exp,
        total
    );
}

//! `asalto solve`: proves who wins the position after a record, with
//! `asalto_solve`'s proof-number search; prints `win`, `loss` or `unknown`
//! (the budget ran out) for the side to move, then the figures. Under rules
//! whose positions can repeat, every position reachable is held in memory
//! and valued by retrograde analysis with draws (`asalto_solve::draws`):
//! `win`, `draw` or `loss`, and each move's value.

use asalto_core::{Game, MoveText, Position, Record, Rules};
use asalto_solve::certificate::{self, Certificate, CertificateError};
use asalto_solve::draws::{DrawsError, Reachable, Wdl};
use asalto_solve::tables::Tables;
use asalto_solve::{Solver, Value, frontier};

use crate::options::clock;

/// How long a solve runs before it reports and saves its frontier.
const SLICE_MS: f64 = 60_000.0;

/// `asalto solve`: who wins the position, proved.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game record (a rule set, then moves).
    #[arg(required = true)]
    record: Vec<String>,
    /// Seconds to search.
    #[arg(long, default_value_t = 60)]
    budget: u64,
    /// The most positions to expand.
    #[arg(long)]
    nodes: Option<u64>,
    /// The table's size in MiB.
    #[arg(long, default_value_t = 1024)]
    table_mib: usize,
    /// A proof frontier: loaded first if it exists, written again,
    /// extended, at the end.
    #[arg(long)]
    checkpoint: Option<std::path::PathBuf>,
    /// Where to write a proved position's certificate (for `asalto
    /// verify`).
    #[arg(long)]
    certificate: Option<String>,
    /// Endgame tables' folder (or `ASALTO_TABLES`): their positions are
    /// leaves.
    #[arg(long)]
    tables: Option<String>,
    /// Under rules whose positions can repeat: the most positions to hold
    /// (about 200 bytes each).
    #[arg(long, default_value_t = 20_000_000)]
    positions: usize,
}

/// Prints `win`, `draw` or `loss` for the side to move at `pos`, every
/// position reachable from it valued in memory, then each move's value
/// for its mover and the figures.
fn with_draws(pos: &Position, limit: usize) -> Result<(), DrawsError> {
    let start = std::time::Instant::now();
    let solved = Reachable::solve(pos, limit)?;
    let value = |p: &Position| solved.value(p).expect("reachable from the start");
    let (v, plies) = value(pos);
    println!("{v}");
    println!("for the {} to move", pos.turn().name());
    if v != Wdl::Draw {
        println!("in {plies} plies");
    }
    for m in pos.legal_moves() {
        let after = pos.play(&m).expect("a legal move");
        let (v, plies) = value(&after);
        let mine = v.for_mover(after.turn() == pos.turn());
        let length = if mine == Wdl::Draw {
            String::new()
        } else {
            format!(" in {}", plies + 1)
        };
        println!("{} {mine}{length}", MoveText::from_move(pos, &m));
    }
    let [won, drawn, lost] = solved.counts();
    println!(
        "positions {} (won {won}, drawn {drawn}, lost {lost} for their side to move), {:.1} s",
        solved.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints `win`, `loss` or `unknown`, then the figures.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let record: Record = crate::options::record(&args.record)?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    if let Some(why) = asalto_solve::repeats(&record.rules) {
        return with_draws(game.position(), args.positions)
            .map_err(|e| format!("{why}; held in memory with draws instead, but {e}"));
    }
    let seconds = args.budget;
    let nodes = args.nodes.unwrap_or(u64::MAX);
    let mut solver = Solver::new(args.table_mib);
    if let Some(path) = tables_named(args.tables.as_deref()) {
        let tables = load_tables(&path, &record.rules)?;
        solver = solver.with_tables(tables);
    }
    let checkpoint = args.checkpoint;
    let mut loaded = 0;
    if let Some(path) = checkpoint.as_ref().filter(|p| p.exists()) {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let entries =
            frontier::read(&record.rules, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        loaded = entries.len();
        solver.load(&entries);
    }
    let pos = *game.position();
    let millis = seconds as f64 * 1000.0;
    // Slices of a minute: after each, the root's numbers (the chart of a
    // long run) and the frontier file, so a stopped run loses little.
    let now = clock();
    let start = now();
    let (mut total_nodes, mut slices) = (0u64, 0u32);
    let mut report = loop {
        let left = millis - (now() - start);
        let report = solver
            .solve(
                &pos,
                &record.rules,
                nodes - total_nodes,
                left.min(SLICE_MS),
                &now,
            )
            .map_err(|e| e.to_string())?;
        total_nodes += report.nodes;
        slices += 1;
        // A slice that expands nothing would only repeat itself.
        let finished = report.value.is_some()
            || now() - start >= millis
            || total_nodes >= nodes
            || report.nodes <= 1;
        if !finished || slices > 1 {
            eprintln!(
                "after {:.0} s: {total_nodes} nodes, root proof number {}, disproof number {}",
                (now() - start) / 1000.0,
                report.proof.0,
                report.proof.1
            );
        }
        if let Some(path) = &checkpoint {
            let kept = solver.frontier();
            // Written beside, then renamed: a run stopped while writing
            // leaves the last whole frontier.
            let fresh = path.with_extension("part");
            std::fs::write(&fresh, frontier::write(&record.rules, &kept))
                .and_then(|()| std::fs::rename(&fresh, path))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if finished {
                eprintln!(
                    "frontier: {loaded} positions loaded, {} kept in {}",
                    kept.len(),
                    path.display()
                );
            }
        }
        if finished {
            break report;
        }
    };
    (report.nodes, report.millis) = (total_nodes, now() - start);
    if let Some(damage) = solver.tables().and_then(Tables::damage) {
        return Err(damage);
    }
    let value = match report.value {
        Some(Value::Win) => "win",
        Some(Value::Loss) => "loss",
        None => "unknown",
    };
    let side = pos.turn().name();
    println!("{value}");
    println!("for the {side} to move");
    println!(
        "nodes {}, {:.0} positions/s, {:.1} s",
        report.nodes,
        report.nodes as f64 / (report.millis / 1000.0).max(1e-3),
        report.millis / 1000.0
    );
    println!(
        "root proof number {}, disproof number {}",
        report.proof.0, report.proof.1
    );
    if let Some(m) = report.best {
        println!("winning move {}", MoveText::from_move(&pos, &m));
    }
    if let Some(tables) = solver.tables() {
        println!(
            "endgame tables: {} to {} attackers",
            tables.attackers().start(),
            tables.attackers().end()
        );
    }
    if let (Some(path), Some(value)) = (args.certificate.as_deref(), report.value) {
        let winner = if value == Value::Win {
            pos.turn()
        } else {
            pos.turn().other()
        };
        let start = std::time::Instant::now();
        let mut progress = |p: certificate::Progress| {
            let gib = |bytes: u64| bytes as f64 / f64::from(1 << 30);
            eprintln!(
                "certificate: {} positions, {} waiting, about {:.3e} of it done, {:.0} s{}",
                p.positions,
                p.waiting,
                p.done,
                start.elapsed().as_secs_f64(),
                crate::tables::resident()
                    .map_or(String::new(), |b| format!(", {:.1} GiB held", gib(b)))
            );
            match crate::tables::available() {
                Some(left) if left < CERTIFICATE_RESERVE => {
                    Err(CertificateError::Stopped(format!(
                        "certificate: stopped at {} positions with {:.1} GiB of memory left: the proof does not fit in this machine's memory",
                        p.positions,
                        gib(left)
                    )))
                }
                _ => Ok(()),
            }
        };
        let moves = certificate::build(
            &mut solver,
            &pos,
            &record.rules,
            winner,
            1 << 24,
            &mut progress,
        )
        .map_err(|e| e.to_string())?;
        // Written beside its place and renamed: never a half-written file.
        let part = format!("{path}.part");
        std::fs::File::create(&part)
            .map(std::io::BufWriter::new)
            .and_then(|out| certificate::write_to(out, &record, winner, &moves))
            .and_then(|()| std::fs::rename(&part, path))
            .map_err(|e| format!("{path}: {e}"))?;
        println!(
            "certificate {path}: the {}'s moves in {} positions",
            winner.name(),
            moves.len()
        );
    }
    Ok(())
}

/// The memory a certificate's build leaves the machine: it stops, with a
/// message, rather than be killed for want of it.
const CERTIFICATE_RESERVE: u64 = 1 << 30;

/// The endgame tables in `path`; says on stderr what was loaded.
pub(crate) fn load_tables(path: &str, rules: &Rules) -> Result<Tables, String> {
    let start = std::time::Instant::now();
    let tables = Tables::load(rules, std::path::Path::new(path)).map_err(|e| e.to_string())?;
    eprintln!(
        "tables: {} to {} attackers, {} positions, loaded from {path} in {:.1} s",
        tables.attackers().start(),
        tables.attackers().end(),
        tables.positions(),
        start.elapsed().as_secs_f64()
    );
    Ok(tables)
}

/// The tables' folder (or pack) that `--tables` or `ASALTO_TABLES` names.
pub(crate) fn tables_named(tables: Option<&str>) -> Option<String> {
    match tables {
        Some(dir) => Some(dir.to_owned()),
        None => std::env::var("ASALTO_TABLES")
            .ok()
            .filter(|d| !d.is_empty()),
    }
}

/// The certificate in the file at `path`, read line by line.
pub(crate) fn read_certificate(path: &str) -> Result<Certificate, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    Certificate::read_from(std::io::BufReader::new(file)).map_err(|e| e.to_string())
}

/// Runs `asalto verify CERTIFICATE`: checks it with the rules engine alone.
pub(crate) fn verify(path: &str) -> Result<(), String> {
    let verified = read_certificate(path)
        .and_then(|c| c.verify().map_err(|e| e.to_string()))
        .map_err(|e| format!("{path}: {e}"))?;
    println!(
        "verified: the {} wins {}",
        verified.winner.name(),
        verified.record
    );
    println!("{} positions checked", verified.positions);
    Ok(())
}

/// The games of a file of records (one a line, as `selfplay --records`
/// prints them; blank lines and `#` comments skipped), for the solver: a
/// record that does not parse or play, or whose rule set lets positions
/// repeat, is refused with its line.
pub(crate) fn solvable_games(path: &str) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("{path}:{}: {e}", n + 1);
        let record: Record = line.parse().map_err(|e| at(format!("{e}")))?;
        let game = Game::from_record(&record).map_err(|e| at(e.to_string()))?;
        if let Some(why) = asalto_solve::repeats(game.rules()) {
            return Err(at(why));
        }
        games.push(game);
    }
    Ok(games)
}

/// A solver for each rule set met, made when first asked for, so that
/// proofs found in one game serve the next.
pub(crate) struct Solvers {
    mib: usize,
    solvers: Vec<(Rules, Solver)>,
}

impl Solvers {
    /// Solvers whose tables take `mib` MiB each.
    pub(crate) fn new(mib: usize) -> Solvers {
        Solvers {
            mib,
            solvers: Vec::new(),
        }
    }

    /// The solver of `rules`.
    pub(crate) fn of(&mut self, rules: Rules) -> &mut Solver {
        let i = match self.solvers.iter().position(|(r, _)| *r == rules) {
            Some(i) => i,
            None => {
                self.solvers.push((rules, Solver::new(self.mib)));
                self.solvers.len() - 1
            }
        };
        &mut self.solvers[i].1
    }
}

//! Rooms kept in SQLite, so that a restart of `dama serve` loses no game.
//!
//! A room is stored as what it takes to rebuild it: the game, the start
//! position, the moves in notation, the seats' secrets, a resignation
//! and two times. Rebuilding replays the moves through the library, so
//! a stored room is checked by the rules again when it is loaded.
//!
//! Writes go to one thread of their own through a channel: a move never
//! waits for the disk, and writes that arrive together are committed in
//! one transaction (in WAL mode, with `synchronous = NORMAL`), which
//! keeps a few hundred busy rooms cheap.

use crate::piece::Color;
use rusqlite::{params, Connection};
use std::sync::mpsc;
use std::thread;
use std::time::{SystemTime, UNIX_EPOCH};

/// Everything needed to rebuild a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    /// The room code.
    pub code: String,
    /// The game's name.
    pub variant: String,
    /// The start FEN, when not the game's start position.
    pub start: Option<String>,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// The seats' secrets, White then Black (`None`: nobody sat there yet).
    pub tokens: [Option<String>; 2],
    /// Who resigned, if anyone.
    pub resigned: Option<Color>,
    /// When the room was made (seconds since 1970).
    pub created: u64,
    /// When it last changed (seconds since 1970).
    pub updated: u64,
}

enum Op {
    Save(Box<RoomRecord>),
    Delete(String),
    Flush(mpsc::Sender<()>),
}

/// The room store: reads at start, writes through a thread of its own.
pub struct Store {
    tx: mpsc::Sender<Op>,
}

/// Seconds since 1970.
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn color_text(c: Color) -> &'static str {
    c.name()
}

fn color_of(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl Store {
    /// Opens (or creates) the database at `path` (`:memory:` for none
    /// kept) and reads every room in it.
    ///
    /// # Errors
    /// When the file cannot be opened or is not a dama room database.
    pub fn open(path: &str) -> Result<(Store, Vec<RoomRecord>), String> {
        let conn = Connection::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 variant TEXT NOT NULL,
                 start_fen TEXT,
                 moves TEXT NOT NULL,
                 white_token TEXT,
                 black_token TEXT,
                 resigned TEXT,
                 created INTEGER NOT NULL,
                 updated INTEGER NOT NULL
             );",
        )
        .map_err(|e| format!("{path} is not a room database: {e}"))?;
        let rooms = load(&conn).map_err(|e| format!("cannot read the rooms in {path}: {e}"))?;
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("dama-store".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| format!("cannot start the store thread: {e}"))?;
        Ok((Store { tx }, rooms))
    }

    /// Writes a room (replacing what was stored under its code).
    pub fn save(&self, r: RoomRecord) {
        let _ = self.tx.send(Op::Save(Box::new(r)));
    }

    /// Forgets a room.
    pub fn delete(&self, code: &str) {
        let _ = self.tx.send(Op::Delete(code.to_string()));
    }

    /// Waits until everything sent before is on disk.
    pub fn flush(&self) {
        let (tx, rx) = mpsc::channel();
        if self.tx.send(Op::Flush(tx)).is_ok() {
            let _ = rx.recv();
        }
    }
}

fn load(conn: &Connection) -> rusqlite::Result<Vec<RoomRecord>> {
    let mut st = conn.prepare(
        "SELECT code, variant, start_fen, moves, white_token, black_token, resigned, created, updated
         FROM rooms",
    )?;
    let rows = st.query_map([], |r| {
        let moves: String = r.get(3)?;
        let resigned: Option<String> = r.get(6)?;
        let created: i64 = r.get(7)?;
        let updated: i64 = r.get(8)?;
        Ok(RoomRecord {
            code: r.get(0)?,
            variant: r.get(1)?,
            start: r.get(2)?,
            moves: moves.split_whitespace().map(str::to_string).collect(),
            tokens: [r.get(4)?, r.get(5)?],
            resigned: resigned.as_deref().and_then(color_of),
            created: u64::try_from(created).unwrap_or(0),
            updated: u64::try_from(updated).unwrap_or(0),
        })
    })?;
    rows.collect()
}

fn write(conn: &mut Connection, ops: &[Op]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for op in ops {
        match op {
            Op::Save(r) => {
                tx.execute(
                    "INSERT OR REPLACE INTO rooms
                     (code, variant, start_fen, moves, white_token, black_token, resigned, created, updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    params![
                        r.code,
                        r.variant,
                        r.start,
                        r.moves.join(" "),
                        r.tokens[0],
                        r.tokens[1],
                        r.resigned.map(color_text),
                        i64::try_from(r.created).unwrap_or(i64::MAX),
                        i64::try_from(r.updated).unwrap_or(i64::MAX),
                    ],
                )?;
            }
            Op::Delete(code) => {
                tx.execute("DELETE FROM rooms WHERE code = ?1", params![code])?;
            }
            Op::Flush(_) => {}
        }
    }
    tx.commit()
}

fn writer(mut conn: Connection, rx: mpsc::Receiver<Op>) {
    while let Ok(first) = rx.recv() {
        let mut ops = vec![first];
        while let Ok(op) = rx.try_recv() {
            ops.push(op);
        }
        if let Err(e) = write(&mut conn, &ops) {
            eprintln!("dama serve: could not write rooms: {e}");
        }
        for op in ops {
            if let Op::Flush(done) = op {
                let _ = done.send(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::TempDir;

    #[test]
    fn rooms_survive_a_reopen() {
        // A directory of its own: the database's -wal and -shm files,
        // which the writer threads may still hold as the test ends, go
        // with it.
        let dir = TempDir::new("serve-store");
        let db = dir.join("rooms.sqlite");
        let path = db.to_str().unwrap();
        let r = RoomRecord {
            code: "ABCD23".into(),
            variant: "czech".into(),
            start: None,
            moves: vec!["c3-d4".into(), "f6-e5".into()],
            tokens: [Some("t1".into()), None],
            resigned: Some(Color::Black),
            created: 5,
            updated: 7,
        };
        {
            let (s, rooms) = Store::open(path).unwrap();
            assert!(rooms.is_empty());
            s.save(r.clone());
            s.save(RoomRecord {
                code: "ZZZZ22".into(),
                ..r.clone()
            });
            s.delete("ZZZZ22");
            s.flush();
        }
        let (_, rooms) = Store::open(path).unwrap();
        assert_eq!(rooms, vec![r]);
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused() {
        let dir = TempDir::new("notdb");
        let p = dir.join("notdb");
        std::fs::write(&p, b"this is not sqlite, just some text of a decent length...........................................................................").unwrap();
        let e = Store::open(p.to_str().unwrap()).err().unwrap();
        assert!(
            e.contains("not a room database") || e.contains("cannot open"),
            "{e}"
        );
    }
}

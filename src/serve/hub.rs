//! The server's shared state: the friend rooms by code, the store, the
//! engine, the limits.

use super::codes::{self, RateLimit};
use super::engine::Engine;
use super::room::Room;
use super::store::{now_secs, Store};
use super::table::Table;
use crate::piece::Color;
use crate::variant::Variant;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The settings of a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long the game waits for a player whose connection dropped.
    pub wait: Duration,
    /// How long a room nobody uses is kept.
    pub ttl: Duration,
    /// How long a connection may stay silent before it is dropped (the
    /// server pings every third of it).
    pub silent: Duration,
    /// Most friend rooms at once.
    pub max_rooms: usize,
    /// Most WebSocket connections at once.
    pub max_connections: usize,
    /// The computer's level when it moves for an absent friend.
    pub takeover_level: u8,
    /// Rooms made or joined per minute and address.
    pub joins_per_minute: u32,
    /// Searches at once.
    pub threads: usize,
    /// Czech endgame databases for the computer's moves and hints.
    pub egtb: Option<Arc<crate::egtb::Egtb>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            wait: Duration::from_secs(45),
            ttl: Duration::from_secs(24 * 3600),
            silent: Duration::from_secs(30),
            max_rooms: 10_000,
            max_connections: 2_000,
            takeover_level: 3,
            joins_per_minute: 30,
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            egtb: None,
        }
    }
}

/// Everything the connections share.
pub struct Hub {
    config: Config,
    engine: Arc<Engine>,
    store: Arc<Store>,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    joins: RateLimit,
    connections: AtomicUsize,
}

/// Counts a connection while it lives.
pub struct ConnectionSlot(Arc<Hub>);

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Hub {
    /// A hub with the store's rooms rebuilt (rooms whose record no longer
    /// replays are reported and dropped); must run inside the runtime,
    /// since each room gets its driver task.
    pub fn new(config: Config, store: Store, records: Vec<super::store::RoomRecord>) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            engine: Arc::new(Engine::new(config.threads, config.egtb.clone())),
            joins: RateLimit::new(config.joins_per_minute, Duration::from_secs(60)),
            store: Arc::new(store),
            rooms: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            config,
        });
        for r in records {
            match Room::restore(&r, hub.config.takeover_level, hub.config.wait) {
                Ok(room) => {
                    hub.spawn_driver(&room, true);
                    hub.lock_rooms().insert(r.code.clone(), room);
                }
                Err(e) => {
                    eprintln!("dama serve: room {} dropped: {e}", r.code);
                    hub.store.delete(&r.code);
                }
            }
        }
        hub
    }

    fn lock_rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The engine.
    pub fn engine(&self) -> &Arc<Engine> {
        &self.engine
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The join and create rate limit.
    pub fn joins(&self) -> &RateLimit {
        &self.joins
    }

    /// Number of friend rooms.
    pub fn room_count(&self) -> usize {
        self.lock_rooms().len()
    }

    /// A slot for a new connection, `None` when the server is full.
    pub fn connect(self: &Arc<Self>) -> Option<ConnectionSlot> {
        let n = self.connections.fetch_add(1, Ordering::Relaxed);
        let slot = ConnectionSlot(Arc::clone(self));
        (n < self.config.max_connections).then_some(slot)
    }

    /// Starts a room's driver; `stored` rooms save their changes.
    pub fn spawn_driver(&self, room: &Arc<Room>, stored: bool) {
        let store = stored.then(|| Arc::clone(&self.store));
        tokio::spawn(Arc::clone(room).drive(Arc::clone(&self.engine), store));
    }

    /// Stores a friend room as it is now.
    pub fn save(&self, room: &Room) {
        if let Some(r) = room.record() {
            self.store.save(r);
        }
    }

    /// A friend room by code.
    pub fn room(&self, code: &str) -> Option<Arc<Room>> {
        self.lock_rooms().get(code).cloned()
    }

    /// A new friend room of `variant`, its maker sitting at `color`.
    pub fn create_room(
        &self,
        variant: Variant,
        color: Color,
        token: String,
    ) -> Result<Arc<Room>, String> {
        let mut rooms = self.lock_rooms();
        if rooms.len() >= self.config.max_rooms {
            return Err(format!(
                "the server is full ({} rooms): try again later",
                self.config.max_rooms
            ));
        }
        let code = loop {
            let c = codes::new_code();
            if !rooms.contains_key(&c) {
                break c;
            }
        };
        let mut tokens = [None, None];
        tokens[color.index()] = Some(token);
        let now = now_secs();
        let room = Room::friends(
            code.clone(),
            Table::new(variant),
            tokens,
            self.config.takeover_level,
            self.config.wait,
            now,
            now,
        );
        rooms.insert(code, Arc::clone(&room));
        drop(rooms);
        self.save(&room);
        self.spawn_driver(&room, true);
        Ok(room)
    }

    /// Forgets the rooms nobody has used for longer than the time to live.
    pub fn expire(&self) -> usize {
        let ttl = self.config.ttl.as_secs();
        let gone: Vec<Arc<Room>> = {
            let mut rooms = self.lock_rooms();
            let codes: Vec<String> = rooms
                .iter()
                .filter(|(_, r)| {
                    let (idle, anyone) = r.idle();
                    !anyone && idle >= ttl
                })
                .map(|(c, _)| c.clone())
                .collect();
            codes.iter().filter_map(|c| rooms.remove(c)).collect()
        };
        for r in &gone {
            r.close();
            if let Some(c) = r.code() {
                self.store.delete(c);
            }
        }
        gone.len()
    }
}

//! `dama serve`: the playing app in a browser.
//!
//! One binary serves the page (HTML, CSS and JavaScript embedded at
//! compile time, so a fresh clone needs no build step besides cargo) and
//! talks to it over a WebSocket. The page draws and collects taps; every
//! rule comes from the library: the legal moves with their paths and
//! captured pieces, the reason a move is refused, hints, the computer's
//! moves at levels 1–5, the result and the rule that decided it.
//!
//! Where things are:
//! - [`table`]: one game and the actions on it (no input or output);
//! - [`view`]: the game as one player's page sees it;
//! - [`room`]: seats, presence, the computer that moves when it is due;
//! - [`hub`]: the rooms by code and the limits; [`store`]: SQLite;
//! - [`engine`]: searches on the blocking pool, capped in number;
//! - [`session`]: one WebSocket connection; [`messages`]: its JSON;
//! - [`codes`]: room codes, seat secrets, rate limit, QR codes;
//! - [`pages`]: the page, the rules pages and the licence page.

pub mod codes;
pub mod engine;
pub mod hub;
pub mod messages;
pub mod pages;
pub mod room;
pub mod session;
pub mod store;
pub mod table;
pub mod view;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use hub::{Config, Hub};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The options of `dama serve`.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// Address and port to listen on (0.0.0.0:8080 serves the network).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// SQLite file keeping the friend rooms (`:memory:` keeps none).
    #[arg(long, default_value = "dama-rooms.sqlite")]
    pub db: String,
    /// Seconds the game waits for a friend whose connection dropped
    /// before the computer moves for them (at most a year).
    #[arg(long, default_value_t = 45, value_parser = clap::value_parser!(u64).range(0..=MAX_SECS))]
    pub reconnect_wait: u64,
    /// How long a connection may stay silent (no message, no answer to
    /// the server's pings, sent every third of it) before it is taken for
    /// gone and its seat turns absent: seconds, or with a unit.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    pub silent_limit: Duration,
    /// How long a room nobody uses is kept: seconds, or with a unit
    /// (`90s`, `30m`, `24h`, `7d`).
    #[arg(long, default_value = "24h", value_parser = parse_duration)]
    pub room_ttl: Duration,
    /// Most friend rooms at once.
    #[arg(long, default_value_t = 10_000)]
    pub max_rooms: usize,
    /// Most connections at once.
    #[arg(long, default_value_t = 2_000)]
    pub max_connections: usize,
    /// Computer searches at once (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Rooms made or joined per minute from one address.
    #[arg(long, default_value_t = 30)]
    pub joins_per_minute: u32,
    /// A directory of Czech endgame databases (`dama egtb generate`):
    /// the computer and the hints of Czech games play them perfectly.
    #[arg(long, value_name = "DIR")]
    pub egtb: Option<std::path::PathBuf>,
}

/// The longest time an option takes: a year (a time far in the future
/// cannot be added to the clock).
const MAX_SECS: u64 = 365 * 86_400;

/// `90`, `90s`, `30m`, `24h`, `7d`; at most a year.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => s.split_at(i),
        None => (s, "s"),
    };
    let n: u64 = num
        .parse()
        .map_err(|_| format!("'{s}' is not a duration (like 90s, 30m, 24h, 7d)"))?;
    let secs = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(format!("'{s}': the unit must be s, m, h or d")),
    };
    n.checked_mul(secs)
        .filter(|&t| t <= MAX_SECS)
        .map(Duration::from_secs)
        .ok_or_else(|| format!("'{s}' is too long: at most 365d"))
}

/// Runs the server until Ctrl-C or SIGTERM.
///
/// # Errors
/// When the database cannot be opened or the address cannot be bound.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(serve(args.clone()))
}

async fn serve(args: ServeArgs) -> Result<(), String> {
    let (store, records) = store::Store::open(&args.db)?;
    let restored = records.len();
    let mut config = Config {
        wait: Duration::from_secs(args.reconnect_wait),
        ttl: args.room_ttl,
        silent: args.silent_limit.max(Duration::from_millis(300)),
        max_rooms: args.max_rooms,
        max_connections: args.max_connections,
        joins_per_minute: args.joins_per_minute,
        ..Config::default()
    };
    if let Some(t) = args.threads {
        config.threads = t.max(1);
    }
    if let Some(dir) = &args.egtb {
        config.egtb = Some(Arc::new(crate::egtb::open_for_play(dir)?));
    }
    let hub = Hub::new(config, store, records);
    let listener = tokio::net::TcpListener::bind(&args.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.bind))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    println!(
        "dama serve: listening on http://{addr} (rooms in {}, {} restored); Ctrl-C stops",
        args.db, restored
    );
    {
        use std::io::Write;
        let _ = std::io::stdout().flush();
    }
    // Expire idle rooms now and then.
    let sweeper = Arc::clone(&hub);
    let every = (hub.config().ttl / 10).clamp(Duration::from_secs(1), Duration::from_secs(60));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            sweeper.expire();
        }
    });
    let app = router(Arc::clone(&hub));
    let server = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    );
    tokio::select! {
        r = server => r.map_err(|e| format!("the server stopped: {e}"))?,
        _ = shutdown_signal() => {}
    }
    hub.store().flush();
    println!("dama serve: stopped, rooms saved");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

/// The routes: the page and its files, the rules and licence pages, the
/// QR code of a room's link, the WebSocket.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/", get(|| async { pages::html(pages::INDEX) }))
        .route(
            "/app.js",
            get(|| async { pages::asset("text/javascript", pages::APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { pages::asset("text/css", pages::STYLE_CSS) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { pages::asset("image/svg+xml", pages::FAVICON) }),
        )
        .route("/rules", get(|| async { pages::rules_index() }))
        .route(
            "/rules/{game}",
            get(|Path(game): Path<String>| async move { pages::rules(&game) }),
        )
        .route("/licence", get(|| async { pages::licence() }))
        .route("/help", get(|| async { pages::help() }))
        .route("/api/games", get(|| async { pages::games() }))
        .route("/qr/{code}", get(qr))
        .route("/ws", get(ws))
        .fallback(|| async { pages::not_found() })
        .with_state(hub)
}

/// The host the page was reached by, if it looks like a host name: the
/// one a proxy in front names (`X-Forwarded-Host`, its first value),
/// else `Host`.
fn host_of(headers: &HeaderMap) -> Option<String> {
    let looks_right = |h: &&str| {
        !h.is_empty()
            && h.len() <= 255
            && h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
    };
    let forwarded = headers
        .get("x-forwarded-host")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(str::trim);
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    forwarded
        .filter(looks_right)
        .or(host.filter(looks_right))
        .map(str::to_string)
}

/// `https` when a proxy in front says the page was reached over TLS
/// (`X-Forwarded-Proto: https`, or `proto=https` in `Forwarded`),
/// otherwise `http` (dama serve itself speaks plain HTTP).
fn scheme_of(headers: &HeaderMap) -> &'static str {
    // `wss` too: some proxies name the WebSocket's scheme on its upgrade.
    let says_https = |name: &str, pick: fn(&str) -> Option<&str>| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(pick)
            .is_some_and(|p| p.eq_ignore_ascii_case("https") || p.eq_ignore_ascii_case("wss"))
    };
    // The first (client-most) value of each header decides.
    fn forwarded_proto(v: &str) -> Option<&str> {
        v.split(',').next().map(str::trim)
    }
    fn forwarded(v: &str) -> Option<&str> {
        v.split(',').next()?.split(';').find_map(|pair| {
            let (k, val) = pair.split_once('=')?;
            k.trim()
                .eq_ignore_ascii_case("proto")
                .then(|| val.trim().trim_matches('"'))
        })
    }
    if says_https("x-forwarded-proto", forwarded_proto) || says_https("forwarded", forwarded) {
        "https"
    } else {
        "http"
    }
}

/// The address the page was reached at, for links and QR codes.
fn origin_of(headers: &HeaderMap, fallback: &str) -> String {
    let host = host_of(headers).unwrap_or_else(|| fallback.to_string());
    format!("{}://{host}", scheme_of(headers))
}

async fn qr(
    State(_hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Response {
    let code = code.trim_end_matches(".svg");
    let Some(code) = codes::normalize_code(code) else {
        return (StatusCode::NOT_FOUND, "not a room code").into_response();
    };
    let origin = origin_of(&headers, "127.0.0.1:8080");
    match codes::qr_svg(&format!("{origin}/?room={code}")) {
        Some(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        None => (StatusCode::INTERNAL_SERVER_ERROR, "no QR code").into_response(),
    }
}

async fn ws(
    upgrade: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let Some(slot) = hub.connect() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is full: too many connections, try again later",
        )
            .into_response();
    };
    let origin = origin_of(&headers, &addr.to_string());
    upgrade
        .max_message_size(messages::MAX_MESSAGE)
        .max_frame_size(messages::MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            let _slot = slot;
            let (session, hints) = session::Session::new(hub, addr.ip(), origin);
            session.run(socket, hints).await;
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_follow_the_scheme_a_proxy_names() {
        let with = |pairs: &[(&'static str, &'static str)]| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, "dama.example:8080".parse().unwrap());
            for (k, v) in pairs {
                h.append(*k, v.parse().unwrap());
            }
            origin_of(&h, "127.0.0.1:8080")
        };
        let plain = "http://dama.example:8080";
        let tls = "https://dama.example:8080";
        let cases: &[(&[(&'static str, &'static str)], &str)] = &[
            (&[], plain),
            (&[("x-forwarded-proto", "https")], tls),
            (&[("x-forwarded-proto", "HTTPS, http")], tls),
            (&[("x-forwarded-proto", "http, https")], plain),
            (
                &[(
                    "forwarded",
                    "for=192.0.2.60;proto=\"https\";by=203.0.113.43",
                )],
                tls,
            ),
            (&[("forwarded", "for=192.0.2.60")], plain),
            (&[("forwarded", "proto=gopher")], plain),
            (&[("x-forwarded-proto", "wss")], tls),
            (
                &[
                    ("x-forwarded-host", "play.example"),
                    ("x-forwarded-proto", "https"),
                ],
                "https://play.example",
            ),
            (&[("x-forwarded-host", "bad host")], plain),
        ];
        for (pairs, want) in cases {
            assert_eq!(with(pairs), *want, "{pairs:?}");
        }
        let mut bad = HeaderMap::new();
        bad.insert(header::HOST, "evil host/".parse().unwrap());
        assert_eq!(origin_of(&bad, "10.0.0.1:80"), "http://10.0.0.1:80");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_duration("24h"), Ok(Duration::from_secs(86_400)));
        assert!(parse_duration("x").is_err());
        assert!(parse_duration("5w").is_err());
        assert!(parse_duration("99999999999999999999d").is_err());
        assert_eq!(parse_duration("365d"), Ok(Duration::from_secs(MAX_SECS)));
        assert!(parse_duration("366d").is_err());
        assert!(parse_duration("9999999999d").is_err());
    }
}

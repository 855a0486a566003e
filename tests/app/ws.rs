//! A page's side of the WebSocket, without a browser: sends the app's
//! JSON messages and reads the server's replies.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

/// One simulated page.
pub struct Page {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last state the server sent.
    pub state: Option<Value>,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

/// How long a reply may take in these tests.
pub const REPLY: Duration = Duration::from_secs(20);

impl Page {
    pub async fn open(url: &str) -> Page {
        let (ws, _) = connect_async(url).await.expect("websocket");
        Page {
            ws,
            state: None,
            seen: Vec::new(),
        }
    }

    /// Tries to open; the HTTP status when refused.
    pub async fn try_open(url: &str) -> Result<Page, u16> {
        match connect_async(url).await {
            Ok((ws, _)) => Ok(Page {
                ws,
                state: None,
                seen: Vec::new(),
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
            Err(e) => panic!("{e}"),
        }
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    pub async fn send_text(&mut self, t: &str) {
        self.ws
            .send(Message::Text(t.to_string().into()))
            .await
            .expect("send");
    }

    pub async fn send_binary(&mut self, b: Vec<u8>) {
        self.ws.send(Message::Binary(b.into())).await.expect("send");
    }

    /// The next message (`None` when the connection closed).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(REPLY, self.ws.next())
                .await
                .expect("a reply in time")?;
            match m {
                Ok(Message::Text(t)) => {
                    let v: Value = serde_json::from_str(t.as_str()).expect("JSON from the server");
                    if v["t"] == "state" {
                        self.state = Some(v.clone());
                    }
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    /// Reads until a message of type `t` arrives.
    pub async fn until(&mut self, t: &str) -> Value {
        loop {
            let v = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {t}"));
            if v["t"] == t {
                return v;
            }
        }
    }

    /// Reads until a state satisfies `f`.
    pub async fn until_state(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        if let Some(s) = &self.state {
            if f(s) {
                return s.clone();
            }
        }
        loop {
            let v = self.until("state").await;
            if f(&v) {
                return v;
            }
        }
    }

    /// Makes a friend room: (code, token, colour).
    pub async fn create(&mut self, variant: &str) -> (String, String, String) {
        self.send(json!({"t": "create", "variant": variant})).await;
        let s = self.until("seat").await;
        (
            s["code"].as_str().unwrap().to_string(),
            s["token"].as_str().unwrap().to_string(),
            s["color"].as_str().unwrap().to_string(),
        )
    }

    /// Joins a room: the seat message.
    pub async fn join(&mut self, code: &str, token: Option<&str>) -> Value {
        self.send(json!({"t": "join", "code": code, "token": token}))
            .await;
        loop {
            let v = self.next().await.expect("a reply to join");
            if v["t"] == "seat" || v["t"] == "error" {
                return v;
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

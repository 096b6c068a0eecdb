//! Where the load generator's sockets come from: source addresses spread
//! over the loopback network so that no single address runs out of ephemeral ports.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use tokio::net::{TcpSocket, TcpStream};

/// The `index`th source address: 127.0.0.1, 127.0.0.2, ... (the whole of
/// 127.0.0.0/8 reaches the loopback interface), so each address makes at
/// most `per_address` connections to the server's one port.
pub fn source_address(index: usize, per_address: usize) -> IpAddr {
    let n = (index / per_address.max(1)) % 250;
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + n as u8))
}

/// A TCP connection to `server` from source address `from`, with Nagle's
/// delay off (each frame is a move somebody waits for).
pub async fn connect_from(from: IpAddr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = match from {
        IpAddr::V4(_) => TcpSocket::new_v4()?,
        IpAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(from, 0))?;
    let stream = socket.connect(server).await?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_move_on_every_per_address_connections() {
        assert_eq!(
            source_address(0, 1000),
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1))
        );
        assert_eq!(
            source_address(999, 1000),
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1))
        );
        assert_eq!(
            source_address(1000, 1000),
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2))
        );
    }
}

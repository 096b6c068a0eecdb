//! SQLite's one writer: a task that owns one connection and commits the
//! writes waiting for it together, in one transaction (group commit).
//!
//! SQLite lets one connection write at a time; several connections that
//! try at once wait on its lock, sleeping and retrying. One writer that
//! takes everything pending costs one `BEGIN`/`COMMIT` per batch rather
//! than per action, and never waits on a lock. A caller's write is
//! answered only once its transaction has committed (or failed), so what
//! a game announces is stored first, as before.
//!
//! A refused compare-and-set fails only its own write (it changed
//! nothing). Any other failure inside a batch rolls the batch back, and
//! its writes are retried one transaction each, so one bad write cannot
//! fail the others.

use super::{StoreError, Write};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

/// Writes committed in one transaction at most.
const MAX_BATCH: usize = 1024;

type Reply = oneshot::Sender<Result<(), StoreError>>;

enum Request {
    Write(Box<Write>, Reply),
    /// Finish what came before, then stop.
    Close(oneshot::Sender<()>),
}

/// The handle of the writer task.
#[derive(Clone, Debug)]
pub(super) struct Writer {
    tx: mpsc::UnboundedSender<Request>,
}

fn stopped() -> StoreError {
    StoreError::Write("the storage writer has stopped".into())
}

impl Writer {
    /// Starts the writer task on `conn`.
    pub fn start(conn: PoolConnection<Any>) -> Writer {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(run(conn, rx));
        Writer { tx }
    }

    /// Performs `write`, answering once it is committed.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Request::Write(Box::new(write), reply))
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Waits for the writes sent before, then stops the task (its
    /// connection goes back to the pool).
    pub async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.tx.send(Request::Close(done)).is_ok() {
            let _ = closed.await;
        }
    }
}

async fn run(mut conn: PoolConnection<Any>, mut rx: mpsc::UnboundedReceiver<Request>) {
    let mut batch: Vec<(Write, Reply)> = Vec::new();
    while let Some(first) = rx.recv().await {
        let mut close = None;
        let mut next = Some(first);
        while let Some(request) = next.take() {
            match request {
                Request::Write(write, reply) => batch.push((*write, reply)),
                Request::Close(done) => {
                    close = Some(done);
                    break;
                }
            }
            if batch.len() < MAX_BATCH {
                next = rx.try_recv().ok();
            }
        }
        if !batch.is_empty() {
            let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
            let results = commit(&mut conn, &writes).await;
            for ((_, reply), result) in batch.drain(..).zip(results) {
                // A caller that gave up does not undo the write.
                let _ = reply.send(result);
            }
        }
        if let Some(done) = close {
            drop(conn);
            let _ = done.send(());
            return;
        }
    }
}

/// Commits `writes` in one transaction; each write's result.
async fn commit(conn: &mut AnyConnection, writes: &[&Write]) -> Vec<Result<(), StoreError>> {
    if writes.len() > 1 {
        match together(conn, writes).await {
            Ok(results) => return results,
            Err(e) => tracing::warn!(
                "a batch of {} writes failed ({e}); retrying one by one",
                writes.len()
            ),
        }
    }
    let mut results = Vec::with_capacity(writes.len());
    for write in writes {
        results.push(alone(conn, write).await);
    }
    results
}

/// The writes in one transaction, or the error that rolled it back.
async fn together(
    conn: &mut AnyConnection,
    writes: &[&Write],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut tx = conn.begin().await?;
    let mut results = Vec::with_capacity(writes.len());
    for write in writes {
        let result = write.apply(&mut tx).await;
        if let Err(e) = &result
            && !Write::clean_failure(e)
        {
            let error = StoreError::Write(e.to_string());
            tx.rollback().await?;
            return Err(error);
        }
        results.push(result);
    }
    tx.commit().await?;
    Ok(results)
}

/// One write in a transaction of its own.
async fn alone(conn: &mut AnyConnection, write: &Write) -> Result<(), StoreError> {
    let mut tx = conn.begin().await?;
    match write.apply(&mut tx).await {
        Ok(()) => {
            tx.commit().await?;
            Ok(())
        }
        Err(e) => {
            tx.rollback().await?;
            Err(e)
        }
    }
}

//! Work on `jobs` threads, results handed over in input order: the files of
//! a tree are read and converted in parallel, but written, reported and
//! counted one at a time in path order, so output and messages are the same
//! whatever `-j`, and the files are replaced in path order.
//!
//! Memory stays flat: a worker takes item `i` only once every item before
//! `i - WINDOW` has been handed over, so at most `WINDOW` results wait.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

/// How many results may wait for their turn, per thread.
const WINDOW_PER_JOB: usize = 16;

/// Runs `work` on each of `items` on `jobs` threads and `take` on each
/// result in order, on this thread. `take` returns false to stop: items
/// not yet taken are then dropped (their work may have run; it must have no
/// effect beyond its result).
pub fn run<I, R, W, T>(items: &[I], jobs: usize, work: W, mut take: T)
where
    I: Sync,
    R: Send,
    W: Fn(&I) -> R + Sync,
    T: FnMut(usize, R) -> bool,
{
    let jobs = jobs.clamp(1, items.len().max(1));
    if jobs == 1 {
        for (i, item) in items.iter().enumerate() {
            if !take(i, work(item)) {
                return;
            }
        }
        return;
    }
    let window = WINDOW_PER_JOB * jobs;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // How many results have been taken, and a bell for workers waiting on it.
    let taken = (Mutex::new(0usize), Condvar::new());
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, stop, taken, work) = (&next, &stop, &taken, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= items.len() || stop.load(Ordering::Relaxed) {
                    return;
                }
                {
                    let (count, bell) = taken;
                    let mut count = count.lock().unwrap_or_else(|e| e.into_inner());
                    while i >= *count + window && !stop.load(Ordering::Relaxed) {
                        count = bell.wait(count).unwrap_or_else(|e| e.into_inner());
                    }
                }
                if stop.load(Ordering::Relaxed) || tx.send((i, work(&items[i]))).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut want = 0;
        for (i, result) in rx.iter() {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&want) {
                let go_on = take(want, result);
                want += 1;
                let (count, bell) = &taken;
                *count.lock().unwrap_or_else(|e| e.into_inner()) = want;
                if !go_on {
                    stop.store(true, Ordering::Relaxed);
                }
                bell.notify_all();
                if !go_on {
                    return;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        let items: Vec<u64> = (0..500).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            // Uneven work, so that later items often finish first.
            let work = |&n: &u64| {
                std::thread::sleep(std::time::Duration::from_micros((n * 7919) % 300));
                n * n
            };
            run(&items, jobs, work, |i, r| {
                seen.push((i, r));
                true
            });
            let want: Vec<(usize, u64)> = items.iter().map(|&n| (n as usize, n * n)).collect();
            assert_eq!(seen, want, "jobs {jobs}");
        }
    }

    #[test]
    fn stopping_takes_nothing_more() {
        let items: Vec<usize> = (0..1000).collect();
        for jobs in [1, 4] {
            let mut taken = Vec::new();
            run(
                &items,
                jobs,
                |&n| n,
                |i, _| {
                    taken.push(i);
                    i < 9
                },
            );
            assert_eq!(taken, (0..10).collect::<Vec<_>>());
        }
    }

    #[test]
    fn waiting_results_stay_within_the_window() {
        // Item 0 is slow: the others may not run more than the window ahead.
        let items: Vec<usize> = (0..2000).collect();
        let started = AtomicUsize::new(0);
        let mut most = 0;
        run(
            &items,
            2,
            |&n| {
                if n == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                started.fetch_add(1, Ordering::SeqCst)
            },
            |i, _| {
                if i == 0 {
                    most = started.load(Ordering::SeqCst);
                }
                true
            },
        );
        assert!(
            most <= WINDOW_PER_JOB * 2 + 2,
            "{most} started while item 0 ran"
        );
    }
}

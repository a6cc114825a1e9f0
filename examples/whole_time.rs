fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let s = wenc::detect::sniff_whole(&bytes, None);
        let t1 = t.elapsed();
        let t = std::time::Instant::now();
        let p = wenc::detect::sniff(&bytes[..65536.min(bytes.len())], false, None);
        println!(
            "{:?} {:?} whole {:?} prefix {:?}",
            s.encoding.map(|e| e.name()),
            p.encoding.map(|e| e.name()),
            t1,
            t.elapsed()
        );
    }
}

// 4 GiB, every byte written: MLE under a 256 MB limit, never the host's memory.
fn main() {
    let b = vec![1u8; 4 << 30];
    println!("{}", b[b.len() - 1]);
}

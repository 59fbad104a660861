// 4 GiB in 1 MiB blocks, each written: MLE under a 256 MB limit, never the host's memory.
fun main() {
    val blocks = ArrayList<ByteArray>()
    repeat(4096) {
        val b = ByteArray(1 shl 20)
        b.fill(1)
        blocks.add(b)
    }
    println(blocks.size)
}

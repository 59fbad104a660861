// The attacks every language plays, one program for all (one compile serves them): the first line
// of the input names the attack.
//   fork    a fork bomb: the first new process must end the run (RE, "tried to create a process").
//   memory  4 GiB in 1 MiB blocks, each written: MLE under a 256 MB limit, never the host's memory.
//   write   writes every host path it reads next (in /tmp, $HOME, /var/tmp): whatever the sandbox
//           lets it write there is its own, none of them may appear on the host.
import java.io.File
import kotlin.system.exitProcess

fun fork() {
    while (true) {
        try {
            ProcessBuilder("/bin/true").start()
        } catch (e: java.io.IOException) {
        }
    }
}

fun memory() {
    val blocks = ArrayList<ByteArray>()
    repeat(4096) {
        val b = ByteArray(1 shl 20)
        b.fill(1)
        blocks.add(b)
    }
    println(blocks.size)
}

fun write() {
    val paths = generateSequence(::readLine).flatMap { it.split(" ").asSequence() }.filter { it.isNotEmpty() }
    for (path in paths) {
        try {
            File(path).writeText("x")
        } catch (e: Exception) {
        }
    }
    println("done")
}

fun main() {
    when (readLine()?.trim()) {
        "fork" -> fork()
        "memory" -> memory()
        "write" -> write()
        else -> exitProcess(2)
    }
}

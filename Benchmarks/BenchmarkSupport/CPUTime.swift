import Foundation

/// CPU time of this process, of its threads and of other processes, from
/// `getrusage`, `clock_gettime` and `/proc`.
public enum CPUTime {
    /// Seconds of CPU this process has used (user + system, all threads).
    public static func process() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Seconds of CPU the calling thread has used.
    public static func currentThread() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// One thread's CPU seconds and context switches, from `/proc`.
    public struct ThreadSample: Sendable {
        public var name: String
        public var cpu: Double
        public var voluntarySwitches: Int
        public var involuntarySwitches: Int
    }

    /// Every thread of this process by thread id.
    public static func threads() -> [Int: ThreadSample] {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var result: [Int: ThreadSample] = [:]
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for id in ids {
            guard let tid = Int(id),
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            let status = (try? String(contentsOfFile: "/proc/self/task/\(id)/status", encoding: .utf8)) ?? ""
            result[tid] = ThreadSample(name: name, cpu: (user + system) / ticks,
                                       voluntarySwitches: field("voluntary_ctxt_switches", in: status),
                                       involuntarySwitches: field("nonvoluntary_ctxt_switches", in: status))
        }
        return result
    }

    /// CPU seconds of process `pid` (user + system), nil when it is gone.
    public static func process(pid: Int) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Peak resident memory of this process in MB (`VmHWM`).
    public static func peakResidentMB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return Double(field("VmHWM", in: status)) / 1024
    }

    private static func field(_ key: String, in status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    private static func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
}

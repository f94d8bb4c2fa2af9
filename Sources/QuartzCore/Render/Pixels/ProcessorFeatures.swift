import CPixelKernels

/// What the processor offers the pixel kernels, asked once (CPUID traps to
/// the hypervisor in a virtual machine, so not a frame at a time).
enum ProcessorFeatures {
    /// Whether the processor runs AVX2 and the system saves its registers:
    /// the kernels' eight-pixel loops (bloom, perspective sampling, convex
    /// fills) run only then.
    static let hasAVX2 = lamina_cpu_has_avx2() != 0
}

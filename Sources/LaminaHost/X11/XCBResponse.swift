import CX11

/// An event or an error as XCB hands it over (`XDisplay.nextXCBResponse`),
/// copied out of the buffer XCB allocated.
struct XCBResponse {
    /// What an error says: its code, and the request that caused it.
    struct Failure {
        let code: UInt8
        let request: UInt8
        let minorRequest: UInt16
    }

    /// The response's type, without the bit that marks a `SendEvent`.
    let type: UInt8
    /// The sequence number of the last request the server had handled
    /// (for an error, the request that failed), in full: XCB widens the
    /// 16 bits the server sends.
    var sequence: UInt32 { raw.full_sequence }

    /// Whether `sequence` is `request` or a later one (numbers wrap).
    func isAtOrAfter(_ request: UInt32) -> Bool { Int32(bitPattern: sequence &- request) >= 0 }
    /// The 32 bytes of the response as the server sent them.
    private let raw: xcb_generic_event_t

    init(_ raw: xcb_generic_event_t) {
        self.raw = raw
        type = raw.response_type & 0x7f
    }

    /// The error, when the response is one (type 0).
    var failure: Failure? {
        guard type == 0 else { return nil }
        return withUnsafeBytes(of: raw) { bytes in
            let error = bytes.load(as: xcb_generic_error_t.self)
            return Failure(code: error.error_code, request: error.major_code, minorRequest: error.minor_code)
        }
    }

    /// The segment an MIT-SHM `ShmCompletion` names, when the response is
    /// one (`completionType`: the extension's first event on this server).
    func completedSegment(completionType: Int32) -> UInt32? {
        guard Int32(type) == completionType else { return nil }
        return withUnsafeBytes(of: raw) { $0.load(as: xcb_shm_completion_event_t.self).shmseg }
    }
}

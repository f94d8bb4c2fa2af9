import XCTest
@testable import QuartzCore

final class CATransactionTests: ModelTestCase {
    func testDefaults() {
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.animationTimingFunction())
        XCTAssertNil(CATransaction.completionBlock())
    }

    /// Each level has its own settings; inner levels see outer settings until
    /// they set their own, and the outer ones come back after the inner commit.
    func testNestedLevelsHaveTheirOwnSettings() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setValue("outer", forKey: "custom")
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 2)
        CATransaction.setAnimationDuration(5)
        CATransaction.setDisableActions(true)
        CATransaction.setValue("inner", forKey: "custom")
        XCTAssertEqual(CATransaction.animationDuration(), 5)
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "inner")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 2)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "outer")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertNil(CATransaction.value(forKey: "custom"))
    }

    func testTimingFunctionAndKeys() {
        CATransaction.begin()
        let function = CAMediaTimingFunction(name: .easeIn)
        CATransaction.setAnimationTimingFunction(function)
        XCTAssertTrue(CATransaction.animationTimingFunction() === function)
        XCTAssertTrue(CATransaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction === function)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.setValue(1.5, forKey: kCATransactionAnimationDuration)
        XCTAssertEqual(CATransaction.animationDuration(), 1.5)
        CATransaction.commit()
    }

    /// Changes become what the presentation starts from only when the
    /// outermost transaction commits.
    func testOnlyTheOutermostCommitCommits() {
        let layer = CALayer()
        CATransaction.flush()
        CATransaction.begin()
        layer.opacity = 0.5
        CATransaction.begin()
        layer.cornerRadius = 4
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 1)
        XCTAssertEqual(layer.presentation()?.cornerRadius, 0)
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 0.5)
        XCTAssertEqual(layer.presentation()?.cornerRadius, 4)
    }

    /// A change outside any transaction opens the implicit one; `flush()` commits it.
    func testImplicitTransactionAndFlush() {
        let layer = CALayer()
        XCTAssertNil(layer.presentation(), "nothing committed yet, as on Apple")
        layer.opacity = 0.3
        XCTAssertTrue(CATransaction.current.levels.first?.isImplicit == true)
        CATransaction.flush()
        XCTAssertTrue(CATransaction.current.levels.isEmpty)
        XCTAssertEqual(layer.presentation()?.opacity, 0.3)
    }

    /// `flush()` inside an explicit transaction waits for it to commit.
    func testFlushWaitsForExplicitTransactions() {
        let layer = CALayer()
        layer.opacity = 0.9  // opens the implicit transaction
        CATransaction.begin()
        layer.opacity = 0.4
        CATransaction.flush()
        XCTAssertNil(layer.presentation())
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 0.4)
        XCTAssertTrue(CATransaction.current.levels.isEmpty)
    }

    /// The implicit transaction commits when the main run loop next turns,
    /// and also when the main dispatch queue runs.
    func testImplicitTransactionCommitsWhenTheRunLoopTurns() {
        let layer = CALayer()
        layer.opacity = 0.6
        XCTAssertNil(layer.presentation())
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertEqual(layer.presentation()?.opacity, 0.6)
        XCTAssertTrue(CATransaction.current.levels.isEmpty)

        layer.opacity = 0.2
        let drained = expectation(description: "main queue ran")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 2)
        XCTAssertEqual(layer.presentation()?.opacity, 0.2)
    }

    func testLockIsRecursive() {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        CATransaction.unlock()
        let acquired = expectation(description: "another thread takes the lock after unlock")
        Thread.detachNewThread {
            CATransaction.lock()
            CATransaction.unlock()
            acquired.fulfill()
        }
        wait(for: [acquired], timeout: 2)
    }

    /// A completion block with no animations to wait for runs at commit.
    func testCompletionBlockWithoutAnimationsRunsAtCommit() {
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        CATransaction.commit()
        XCTAssertTrue(ran)
    }

    /// Transactions are per thread: another thread's open transaction does
    /// not nest the main thread's changes.
    func testTransactionsArePerThread() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(9)
        let seen = expectation(description: "other thread")
        Thread.detachNewThread {
            XCTAssertEqual(CATransaction.animationDuration(), 0.25)
            seen.fulfill()
        }
        wait(for: [seen], timeout: 2)
        CATransaction.commit()
    }
}

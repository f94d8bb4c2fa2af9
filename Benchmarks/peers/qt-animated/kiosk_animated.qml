// Heavy kiosk-menu peer: the kiosk's animated background (kiosk-menu
// --background animated) under the menu, in Qt Quick 6.
// Run with QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml kiosk_animated.qml
import QtQuick
import QtQuick.Window

Window {
    id: win
    width: 1280; height: 720
    visible: true
    color: "black"
    title: "kiosk-qt-animated"

    property int selected: 0
    property int frames: 0
    readonly property var names: ["Movies", "Music", "Podcasts", "Photos", "Internet"]
    readonly property int itemW: 400
    readonly property int itemH: 50
    readonly property int spacing: 20
    readonly property int top: (height - (names.length * itemH + (names.length - 1) * spacing)) / 2
    // CA's kCAMediaTimingFunctionEaseInEaseOut
    readonly property var easeInOut: [0.42, 0, 0.58, 1, 1, 1]

    onFrameSwapped: frames++

    Timer {
        interval: 1000; running: true; repeat: true
        onTriggered: console.log("FRAMES " + win.frames + " T " + Date.now())
    }

    // Three translucent discs, 0.9 x the window's height across, centred at
    // a quarter, a half and three quarters of the width; each drifts a fifth
    // of the width (right, left, right) and back, over 6, 8 and 10 s, forever.
    Repeater {
        model: [Qt.rgba(0.15, 0.25, 0.60, 0.55), Qt.rgba(0.45, 0.15, 0.50, 0.45), Qt.rgba(0.10, 0.45, 0.45, 0.45)]
        Rectangle {
            id: disc
            readonly property real x0: win.width * (index + 1) / 4 - width / 2
            readonly property real x1: x0 + win.width / 5 * (index % 2 == 0 ? 1 : -1)
            width: win.height * 0.9; height: width
            radius: width / 2
            y: (win.height - height) / 2
            color: modelData
            SequentialAnimation on x {
                loops: Animation.Infinite
                NumberAnimation { from: disc.x0; to: disc.x1; duration: 6000 + index * 2000; easing.type: Easing.Bezier; easing.bezierCurve: win.easeInOut }
                NumberAnimation { from: disc.x1; to: disc.x0; duration: 6000 + index * 2000; easing.type: Easing.Bezier; easing.bezierCurve: win.easeInOut }
            }
        }
    }

    Item {
        anchors.fill: parent
        focus: true
        Keys.onDownPressed: win.selected = Math.min(win.selected + 1, win.names.length - 1)
        Keys.onUpPressed: win.selected = Math.max(win.selected - 1, 0)
        Keys.onEscapePressed: Qt.quit()

        Repeater {
            model: win.names
            Text {
                x: (win.width - win.itemW) / 2
                y: win.top + index * (win.itemH + win.spacing)
                width: win.itemW; height: win.itemH
                text: modelData
                color: "white"
                font.family: "DejaVu Sans"
                font.pixelSize: 32
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
            }
        }

        Rectangle {
            id: indicator
            x: (win.width - win.itemW) / 2
            y: win.top + win.selected * (win.itemH + win.spacing)
            width: win.itemW; height: win.itemH
            radius: 25
            color: "transparent"
            border.color: "white"
            border.width: 2
            Behavior on y { NumberAnimation { duration: 250; easing.type: Easing.Bezier; easing.bezierCurve: win.easeInOut } }
            SequentialAnimation on opacity {
                loops: Animation.Infinite
                NumberAnimation { from: 1.0; to: 0.25; duration: 1000; easing.type: Easing.Bezier; easing.bezierCurve: win.easeInOut }
                NumberAnimation { from: 0.25; to: 1.0; duration: 1000; easing.type: Easing.Bezier; easing.bezierCurve: win.easeInOut }
            }
        }
    }
}

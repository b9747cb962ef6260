#pragma once

#include <QPaintDevice>
#include <QSize>
#include <optional>

namespace commviz::tests {

/// The metrics of a 96-dpi, 32-bit screen of `size` at device pixel ratio 1, which the tests' recording
/// paint devices report; nullopt for a metric they leave to QPaintDevice.
inline std::optional<int> screenMetric(QPaintDevice::PaintDeviceMetric metric, QSize size, double ratioScale) {
    switch (metric) {
        case QPaintDevice::PdmWidth:
            return size.width();
        case QPaintDevice::PdmHeight:
            return size.height();
        case QPaintDevice::PdmDpiX:
        case QPaintDevice::PdmDpiY:
        case QPaintDevice::PdmPhysicalDpiX:
        case QPaintDevice::PdmPhysicalDpiY:
            return 96;
        case QPaintDevice::PdmDepth:
            return 32;
        case QPaintDevice::PdmDevicePixelRatio:
            return 1;
        case QPaintDevice::PdmDevicePixelRatioScaled:
            return int(ratioScale);
        default:
            return std::nullopt;
    }
}

}  // namespace commviz::tests

#pragma once

#include <QString>
#include <memory>

#include "export/frame_writer.h"

namespace commviz::views {

/// The animation formats FFmpeg's libraries write for us.
enum class VideoFormat {
    Gif,   ///< GIF with one palette for the whole animation (palettegen / paletteuse)
    Webp,  ///< animated WebP (libwebp)
    Mp4,   ///< H.264 (libx264) in MP4, yuv420p, even dimensions
    Webm,  ///< VP9 (libvpx-vp9) in WebM, yuv420p, even dimensions
};

/// "gif", "webp", "mp4", "webm".
QString videoFormatSuffix(VideoFormat format);

/// Whether the format repeats (GIF, WebP): --loop applies only to these.
bool videoFormatLoops(VideoFormat format);

/// Encodes frames as they come, drawn with renderFigure and converted with
/// swscale; nothing is kept between frames but the encoder's own state, so
/// memory is flat in the frame count. A GIF asks for two passes: the first
/// feeds every frame to palettegen, the second draws them again through
/// paletteuse with that palette. Every frame has the first frame's pixel size
/// (H.264 and VP9 round it up to even, padding with the theme's background);
/// a frame of another size is scaled to it. The file is written beside the
/// target and renamed into place by finish(); cancel() (or destruction before
/// finish) removes it.
class VideoWriter : public FrameWriter {
public:
    /// `fps` is the frame rate of the time base (1..60); `loop` for GIF and
    /// WebP: how many times a player shows the animation, 0 for forever.
    VideoWriter(QString path, VideoFormat format, int fps, int loop = 0);
    ~VideoWriter() override;
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    int passes() const override;
    sim::Status beginPass(int pass) override;
    sim::Status add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                    const ExportFrame& frame) override;
    sim::Status finish() override;
    void cancel() override;

private:
    struct Codec;
    std::unique_ptr<Codec> m_codec;
};

}  // namespace commviz::views

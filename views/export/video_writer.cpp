#include "export/video_writer.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <algorithm>
#include <cstring>
#include <filesystem>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace commviz::views {

namespace {

struct FormatSpec {
    const char* muxer;
    const char* encoder;
    AVPixelFormat pixels;  // what the encoder is fed
    bool evenSize;
};

FormatSpec specOf(VideoFormat format) {
    switch (format) {
        case VideoFormat::Gif:
            return {"gif", "gif", AV_PIX_FMT_PAL8, false};
        case VideoFormat::Webp:
            // RGB in: libwebp converts it itself, keeping thin coloured lines sharper than yuv420p would.
            return {"webp", "libwebp_anim", AV_PIX_FMT_RGB32, false};
        case VideoFormat::Mp4:
            return {"mp4", "libx264", AV_PIX_FMT_YUV420P, true};
        case VideoFormat::Webm:
            return {"webm", "libvpx-vp9", AV_PIX_FMT_YUV420P, true};
    }
    return {"gif", "gif", AV_PIX_FMT_PAL8, false};
}

std::string avError(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

// How the animation repeats, in each muxer's terms: GIF's NETSCAPE block counts
// repeats after the first showing (-1 leaves it out: shown once), WebP's ANIM
// chunk counts showings; 0 is forever in both.
int muxerLoop(VideoFormat format, int loop) {
    if (format != VideoFormat::Gif || loop == 0) return loop;
    return loop == 1 ? -1 : loop - 1;
}

// Codec settings for figures: flat colours and thin text, mostly still between steps.
void setCodecOptions(VideoFormat format, AVCodecContext* context, AVDictionary** options) {
    switch (format) {
        case VideoFormat::Gif:
            break;
        case VideoFormat::Webp:
            av_dict_set(options, "quality", "85", 0);
            break;
        case VideoFormat::Mp4:
            av_dict_set(options, "preset", "medium", 0);
            av_dict_set(options, "tune", "animation", 0);
            av_dict_set(options, "crf", "20", 0);
            break;
        case VideoFormat::Webm:
            context->bit_rate = 0;  // constant quality
            av_dict_set(options, "crf", "32", 0);
            av_dict_set(options, "deadline", "good", 0);
            av_dict_set(options, "cpu-used", "4", 0);
            av_dict_set(options, "row-mt", "1", 0);
            break;
    }
    if (specOf(format).pixels == AV_PIX_FMT_YUV420P) {
        context->color_range = AVCOL_RANGE_MPEG;
        context->colorspace = AVCOL_SPC_BT709;
        context->color_primaries = AVCOL_PRI_BT709;
        context->color_trc = AVCOL_TRC_BT709;
    }
}

}  // namespace

struct VideoWriter::Codec {
    QString path;
    VideoFormat format;
    FormatSpec spec;
    int fps;
    int loop;
    QString temporary;  // the file being written, beside `path`
    int pass = 0;
    // The time base is 1/fps: a frame shown longer than one tick (a lesson
    // step held for reading) is repeated, so every format keeps its timing.
    std::int64_t shownMs = 0;  // this pass: the frames' durations so far
    std::int64_t ticks = 0;    // this pass: encoder frames pushed so far

    QSize imageSize;         // the first frame's, which every frame is made to match
    QSize frameSize;         // the encoder's (imageSize rounded up to even where needed)
    AVFrame* rgb = nullptr;  // the drawn frame in RGB32, frameSize
    AVFrame* out = nullptr;  // converted for the encoder (not for GIF: the filter's output goes)
    SwsContext* scaler = nullptr;
    AVFormatContext* muxer = nullptr;
    AVCodecContext* encoder = nullptr;
    AVStream* stream = nullptr;
    AVPacket* packet = nullptr;
    // GIF: palettegen in pass 0, paletteuse in pass 1.
    AVFilterGraph* graph = nullptr;
    AVFilterContext* source = nullptr;
    AVFilterContext* paletteSource = nullptr;
    AVFilterContext* sink = nullptr;
    AVFrame* palette = nullptr;
    AVFrame* filtered = nullptr;

    ~Codec() { release(); }

    sim::Status failed(const std::string& reason) const {
        return sim::fail("cannot write '" + path.toStdString() + "': " + reason);
    }
    sim::Status failed(const std::string& what, int code) const { return failed(what + ": " + avError(code)); }

    void releaseGraph() {
        avfilter_graph_free(&graph);
        source = paletteSource = sink = nullptr;
    }
    void release() {
        releaseGraph();
        av_frame_free(&palette);
        av_frame_free(&filtered);
        av_frame_free(&rgb);
        av_frame_free(&out);
        sws_freeContext(scaler);
        scaler = nullptr;
        av_packet_free(&packet);
        avcodec_free_context(&encoder);
        if (muxer) {
            if (muxer->pb) avio_closep(&muxer->pb);
            avformat_free_context(muxer);
            muxer = nullptr;
        }
    }

    sim::Status reserveTemporary() {
        const QFileInfo target(path);
        if (target.isDir()) return failed("it is a directory");
        // Created new (never an existing file), with the permissions of any new file.
        for (int attempt = 0;; ++attempt) {
            const QString name = QStringLiteral(".%1-%2.part")
                                     .arg(target.fileName())
                                     .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
            QFile file(target.absoluteDir().filePath(name));
            if (file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
                temporary = file.fileName();
                return sim::Ok{};
            }
            if (file.error() != QFileDevice::OpenError || attempt == 8 || !target.absoluteDir().exists())
                return failed(file.errorString().toStdString());
        }
    }

    static AVFrame* allocFrame(QSize size, AVPixelFormat pixels) {
        AVFrame* frame = av_frame_alloc();
        if (!frame) return nullptr;
        frame->format = pixels;
        frame->width = size.width();
        frame->height = size.height();
        if (av_frame_get_buffer(frame, 0) < 0) av_frame_free(&frame);
        return frame;
    }

    sim::Status openFrames(QSize image) {
        imageSize = image;
        frameSize = spec.evenSize ? QSize((image.width() + 1) & ~1, (image.height() + 1) & ~1) : image;
        rgb = allocFrame(frameSize, AV_PIX_FMT_RGB32);
        if (!rgb)
            return failed("out of memory for a " + std::to_string(frameSize.width()) + "x" +
                          std::to_string(frameSize.height()) + " frame");
        if (spec.pixels == AV_PIX_FMT_PAL8) return sim::Ok{};
        out = allocFrame(frameSize, spec.pixels);
        scaler =
            sws_getContext(frameSize.width(), frameSize.height(), AV_PIX_FMT_RGB32, frameSize.width(),
                           frameSize.height(), spec.pixels, SWS_BICUBIC | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
        if (!out || !scaler) return failed("cannot set up the pixel conversion");
        if (spec.pixels == AV_PIX_FMT_YUV420P) {
            // Full-range RGB into limited-range BT.709, as the stream is tagged.
            const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
            sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
        }
        return sim::Ok{};
    }

    // The drawn image into `rgb`: copied row by row when it has the first
    // frame's size (padded with the background up to frameSize), else scaled to it.
    sim::Status fill(const QImage& drawn, const QColor& background) {
        if (av_frame_make_writable(rgb) < 0) return failed("out of memory for a frame");
        QImage target(rgb->data[0], frameSize.width(), frameSize.height(), rgb->linesize[0], QImage::Format_RGB32);
        if (drawn.size() != frameSize) target.fill(background);
        QImage image = drawn.convertToFormat(QImage::Format_RGB32);
        image.setDevicePixelRatio(1.0);
        if (image.size() == imageSize) {
            for (int y = 0; y < image.height(); ++y)
                std::memcpy(target.scanLine(y), image.constScanLine(y), std::size_t(image.width()) * 4);
        } else {
            QPainter painter(&target);
            painter.setRenderHint(QPainter::SmoothPixmapTransform);
            painter.drawImage(QRect(QPoint(0, 0), imageSize), image);
        }
        return sim::Ok{};
    }

    sim::Status openEncoder() {
        const QByteArray file = temporary.toUtf8();
        int code = avformat_alloc_output_context2(&muxer, nullptr, spec.muxer, file.constData());
        if (code < 0 || !muxer) return failed("no muxer", code);
        const AVCodec* codec = avcodec_find_encoder_by_name(spec.encoder);
        if (!codec) return failed(std::string("this FFmpeg has no ") + spec.encoder + " encoder");
        stream = avformat_new_stream(muxer, nullptr);
        encoder = avcodec_alloc_context3(codec);
        packet = av_packet_alloc();
        if (!stream || !encoder || !packet) return failed("out of memory for the encoder");
        encoder->width = frameSize.width();
        encoder->height = frameSize.height();
        encoder->pix_fmt = spec.pixels;
        encoder->time_base = AVRational{1, fps};
        encoder->framerate = AVRational{fps, 1};
        encoder->sample_aspect_ratio = AVRational{1, 1};
        encoder->gop_size = 10 * fps;
        if (muxer->oformat->flags & AVFMT_GLOBALHEADER) encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        AVDictionary* options = nullptr;
        setCodecOptions(format, encoder, &options);
        code = avcodec_open2(encoder, codec, &options);
        av_dict_free(&options);
        if (code < 0) return failed("cannot open the encoder", code);
        if ((code = avcodec_parameters_from_context(stream->codecpar, encoder)) < 0)
            return failed("cannot set up the stream", code);
        stream->time_base = encoder->time_base;
        stream->avg_frame_rate = encoder->framerate;
        if ((code = avio_open(&muxer->pb, file.constData(), AVIO_FLAG_WRITE)) < 0) return failed(avError(code));
        AVDictionary* muxing = nullptr;
        if (videoFormatLoops(format)) av_dict_set_int(&muxing, "loop", muxerLoop(format, loop), 0);
        // The index up front, so a browser starts playing before the whole file is in.
        if (format == VideoFormat::Mp4) av_dict_set(&muxing, "movflags", "+faststart", 0);
        code = avformat_write_header(muxer, &muxing);
        av_dict_free(&muxing);
        if (code < 0) return failed("cannot write the header", code);
        return sim::Ok{};
    }

    // Sends one frame (nullptr: the end) and writes every packet that comes out.
    sim::Status encode(AVFrame* frame) {
        int code = avcodec_send_frame(encoder, frame);
        if (code < 0) return failed("the encoder refused a frame", code);
        while ((code = avcodec_receive_packet(encoder, packet)) >= 0) {
            av_packet_rescale_ts(packet, encoder->time_base, stream->time_base);
            packet->stream_index = stream->index;
            code = av_interleaved_write_frame(muxer, packet);
            if (code < 0) return failed(avError(code));
        }
        if (code != AVERROR(EAGAIN) && code != AVERROR_EOF) return failed("the encoder failed", code);
        return sim::Ok{};
    }

    sim::Status addFilter(const char* name, const char* label, const std::string& args, AVFilterContext** made) {
        const int code = avfilter_graph_create_filter(made, avfilter_get_by_name(name), label,
                                                      args.empty() ? nullptr : args.c_str(), nullptr, graph);
        return code < 0 ? failed(std::string("cannot set up the ") + name + " filter", code) : sim::Status(sim::Ok{});
    }

    std::string bufferArgs(QSize size) const {
        return "video_size=" + std::to_string(size.width()) + "x" + std::to_string(size.height()) +
               ":pix_fmt=" + std::to_string(int(AV_PIX_FMT_RGB32)) + ":time_base=1/" + std::to_string(fps) +
               ":pixel_aspect=1/1";
    }

    // Pass 0: frames -> palettegen -> sink, which gives one palette at the end.
    sim::Status openPaletteGen() {
        graph = avfilter_graph_alloc();
        if (!graph) return failed("out of memory for the palette filter");
        AVFilterContext* generate = nullptr;
        if (auto s = addFilter("buffer", "frames", bufferArgs(frameSize), &source); !s) return s;
        if (auto s = addFilter("palettegen", "palettegen", "max_colors=256:reserve_transparent=0:stats_mode=full",
                               &generate);
            !s)
            return s;
        if (auto s = addFilter("buffersink", "palette", {}, &sink); !s) return s;
        if (avfilter_link(source, 0, generate, 0) < 0 || avfilter_link(generate, 0, sink, 0) < 0 ||
            avfilter_graph_config(graph, nullptr) < 0)
            return failed("cannot connect the palettegen filter");
        return sim::Ok{};
    }

    sim::Status takePalette() {
        int code = av_buffersrc_add_frame(source, nullptr);
        if (code < 0) return failed("palettegen refused the end", code);
        palette = av_frame_alloc();
        if (!palette) return failed("out of memory for the palette");
        if ((code = av_buffersink_get_frame(sink, palette)) < 0) return failed("palettegen gave no palette", code);
        palette->pts = 0;  // holds from the first frame on
        releaseGraph();
        return sim::Ok{};
    }

    // Pass 1: frames and the palette -> paletteuse -> sink of PAL8 frames for the encoder.
    sim::Status openPaletteUse() {
        graph = avfilter_graph_alloc();
        filtered = av_frame_alloc();
        if (!graph || !filtered) return failed("out of memory for the palette filter");
        AVFilterContext* use = nullptr;
        if (auto s = addFilter("buffer", "frames", bufferArgs(frameSize), &source); !s) return s;
        if (auto s = addFilter("buffer", "palette", bufferArgs(QSize(palette->width, palette->height)), &paletteSource);
            !s)
            return s;
        // Ordered dithering stays put from frame to frame (error diffusion
        // shimmers in still areas), and only the changed rectangle is remapped.
        if (auto s = addFilter("paletteuse", "paletteuse", "dither=bayer:bayer_scale=4:diff_mode=rectangle", &use); !s)
            return s;
        if (auto s = addFilter("buffersink", "gif", {}, &sink); !s) return s;
        if (avfilter_link(source, 0, use, 0) < 0 || avfilter_link(paletteSource, 0, use, 1) < 0 ||
            avfilter_link(use, 0, sink, 0) < 0 || avfilter_graph_config(graph, nullptr) < 0)
            return failed("cannot connect the paletteuse filter");
        if (av_buffersrc_add_frame(paletteSource, palette) < 0 || av_buffersrc_add_frame(paletteSource, nullptr) < 0)
            return failed("paletteuse refused the palette");
        return sim::Ok{};
    }

    // Encodes whatever paletteuse has ready.
    sim::Status drainFiltered() {
        int code = 0;
        while ((code = av_buffersink_get_frame(sink, filtered)) >= 0) {
            filtered->pict_type = AV_PICTURE_TYPE_NONE;
            auto status = encode(filtered);
            av_frame_unref(filtered);
            if (!status) return status;
        }
        if (code != AVERROR(EAGAIN) && code != AVERROR_EOF) return failed("paletteuse failed", code);
        return sim::Ok{};
    }

    sim::Status push(std::int64_t pts) {
        rgb->pts = pts;
        const bool gif = format == VideoFormat::Gif;
        if (gif) {
            // PUSH runs the graph now: palettegen takes the frame into its
            // histogram at once instead of queueing every frame until the end.
            const int code =
                av_buffersrc_add_frame_flags(source, rgb, AV_BUFFERSRC_FLAG_KEEP_REF | AV_BUFFERSRC_FLAG_PUSH);
            if (code < 0) return failed("the palette filter refused a frame", code);
            return pass == 0 ? sim::Status(sim::Ok{}) : drainFiltered();
        }
        if (av_frame_make_writable(out) < 0) return failed("out of memory for a frame");
        sws_scale(scaler, rgb->data, rgb->linesize, 0, frameSize.height(), out->data, out->linesize);
        out->pts = pts;
        return encode(out);
    }

    sim::Status complete() {
        if (!encoder) return failed("no frames were written");
        if (format == VideoFormat::Gif) {
            if (av_buffersrc_add_frame(source, nullptr) < 0) return failed("paletteuse refused the end");
            if (auto s = drainFiltered(); !s) return s;
        }
        if (auto s = encode(nullptr); !s) return s;
        if (const int code = av_write_trailer(muxer); code < 0) return failed("cannot finish the file", code);
        const int closed = avio_closep(&muxer->pb);
        if (closed < 0) return failed(avError(closed));
        std::error_code error;
        std::filesystem::rename(std::filesystem::path(temporary.toStdString()),
                                std::filesystem::path(path.toStdString()), error);
        if (error) return failed(error.message());
        temporary.clear();
        release();
        return sim::Ok{};
    }

    void discard() {
        release();
        if (!temporary.isEmpty()) QFile::remove(temporary);
        temporary.clear();
    }
};

QString videoFormatSuffix(VideoFormat format) { return QString::fromLatin1(specOf(format).muxer); }

bool videoFormatLoops(VideoFormat format) { return format == VideoFormat::Gif || format == VideoFormat::Webp; }

VideoWriter::VideoWriter(QString path, VideoFormat format, int fps, int loop) : m_codec(std::make_unique<Codec>()) {
    // Encoders report their settings and statistics at the info level; a
    // command's stderr carries only our own line on failure.
    av_log_set_level(AV_LOG_ERROR);
    m_codec->path = std::move(path);
    m_codec->format = format;
    m_codec->spec = specOf(format);
    m_codec->fps = std::clamp(fps, 1, 60);
    m_codec->loop = std::max(0, loop);
}

VideoWriter::~VideoWriter() { m_codec->discard(); }

int VideoWriter::passes() const { return m_codec->format == VideoFormat::Gif ? 2 : 1; }

sim::Status VideoWriter::beginPass(int pass) {
    Codec& c = *m_codec;
    c.pass = pass;
    c.shownMs = 0;
    c.ticks = 0;
    if (pass == 0) return c.temporary.isEmpty() ? c.reserveTemporary() : sim::Status(sim::Ok{});
    if (c.format != VideoFormat::Gif || !c.graph) return c.failed("a pass without frames before it");
    if (auto s = c.takePalette(); !s) return s;
    if (auto s = c.openEncoder(); !s) return s;
    return c.openPaletteUse();
}

sim::Status VideoWriter::add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                             const ExportFrame& frame) {
    Codec& c = *m_codec;
    FigureOptions raster = options;
    raster.format = FigureOptions::Format::Png;
    const QImage image = renderFigure(renderer, state, raster);
    if (image.isNull()) return c.failed("the frame of step " + std::to_string(frame.step) + " could not be drawn");
    if (!c.rgb) {
        if (auto s = c.openFrames(image.size()); !s) return s;
        const bool gif = c.format == VideoFormat::Gif;
        if (auto s = gif ? c.openPaletteGen() : c.openEncoder(); !s) return s;
    }
    if (auto s = c.fill(image, options.theme.background); !s) return s;
    c.shownMs += frame.durationMs > 0 ? frame.durationMs : 1000 / c.fps;
    const std::int64_t until = std::max(c.ticks + 1, (c.shownMs * c.fps + 500) / 1000);
    while (c.ticks < until)
        if (auto s = c.push(c.ticks++); !s) return s;
    return sim::Ok{};
}

sim::Status VideoWriter::finish() {
    auto status = m_codec->complete();
    if (!status) m_codec->discard();
    return status;
}

void VideoWriter::cancel() { m_codec->discard(); }

}  // namespace commviz::views

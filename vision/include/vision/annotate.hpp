#pragma once
// Pictures a person checks a verdict on: every card outlined and every colour written as a word,
// so that no one has to tell colours apart to see what the referee read.

#include <opencv2/core.hpp>

#include "vision/bugs_reader.hpp"
#include "vision/freeze_reader.hpp"
#include "vision/punto_reader.hpp"
#include "vision/trio_reader.hpp"

namespace tableref::vision {

cv::Mat annotate_freeze(const cv::Mat& bgr, const FreezeReading& reading);
// Every card outlined (edge contacts drawn between centres, detached cards in orange) with its
// monster's colour written as a word.
cv::Mat annotate_trio(const cv::Mat& bgr, const TrioReading& reading);

// Every card outlined with its colour and value in words ("red 7") and its cell; every line of
// 3 or more drawn through its cards and named ("red line of 4").
cv::Mat annotate_punto(const cv::Mat& bgr, const PuntoReading& reading);

// Every tile outlined and named in words ("2 eyes star spots", "trophy 3"); each collection's
// points written beside it ("collection 1: 2 sets, 1 other, trophies 3 = 8 points").
cv::Mat annotate_bugs(const cv::Mat& bgr, const BugsReading& reading);

// Text with a dark outline, legible on any background, centred on `centre`.
void draw_label(cv::Mat& image, const std::string& text, cv::Point2d centre, double scale,
                const cv::Scalar& colour = {255, 255, 255});

}  // namespace tableref::vision

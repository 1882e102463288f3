// Frame quality on synthetic frames: stillness under sensor noise and exposure changes, hands
// held over the table, cards laid inside, blur, and the skin cue before there is a reference.

#include "vision/frame_quality.hpp"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace tableref::vision {
namespace {

const cv::Size kSize(640, 360);
const cv::Scalar kBlueCloth(160, 110, 60);  // BGR
const cv::Scalar kWood(108, 154, 196);
const cv::Scalar kSkin(124, 160, 214);

cv::Mat table(const cv::Scalar& colour, std::uint64_t seed) {
  cv::Mat texture(kSize, CV_32FC3);
  cv::RNG rng(seed);
  rng.fill(texture, cv::RNG::NORMAL, 0, 25);
  cv::GaussianBlur(texture, texture, cv::Size(), 2.0);
  cv::Mat base(kSize, CV_32FC3, colour);
  cv::Mat image;
  cv::Mat(base + texture).convertTo(image, CV_8UC3);
  return image;
}

cv::Mat noisy(const cv::Mat& image, std::uint64_t seed, double gain = 1.0) {
  cv::Mat noise(image.size(), CV_32FC3);
  cv::RNG(seed).fill(noise, cv::RNG::NORMAL, 0, 4);
  cv::Mat value;
  image.convertTo(value, CV_32FC3, gain);
  cv::Mat out;
  cv::Mat(value + noise).convertTo(out, CV_8UC3);
  return out;
}

// An arm from the left edge with its hand at `tip`.
cv::Mat with_arm(cv::Mat image, cv::Point tip, const cv::Scalar& colour = kSkin) {
  cv::line(image, cv::Point(0, tip.y + 40), tip, colour, 44, cv::LINE_AA);
  cv::circle(image, tip, 30, colour, cv::FILLED, cv::LINE_AA);
  return image;
}

cv::Mat with_card(cv::Mat image, cv::Point centre) {
  const cv::Rect card(centre.x - 40, centre.y - 40, 80, 80);
  cv::rectangle(image, card, cv::Scalar(201, 167, 127), cv::FILLED);
  cv::rectangle(image, cv::Rect(card.x + 3, card.y + 3, 74, 74), cv::Scalar(245, 234, 220),
                cv::FILLED);
  cv::circle(image, centre, 12, cv::Scalar(46, 49, 215), cv::FILLED, cv::LINE_AA);
  return image;
}

TEST(FrameQuality, StillFramesAreStillDespiteNoiseAndExposure) {
  FrameQualityMeter meter;
  const cv::Mat scene = with_card(table(kBlueCloth, 1), {320, 180});
  EXPECT_FALSE(meter.measure(noisy(scene, 10)).still);  // nothing to compare with yet
  for (std::uint64_t seed = 11; seed < 15; ++seed) {
    const FrameQuality quality = meter.measure(noisy(scene, seed));
    EXPECT_TRUE(quality.still) << quality.motion_share;
  }
  EXPECT_TRUE(meter.measure(noisy(scene, 20, 1.08)).still);  // the webcam brightened
}

TEST(FrameQuality, AMovingHandIsNotStill) {
  FrameQualityMeter meter;
  const cv::Mat scene = table(kBlueCloth, 2);
  meter.measure(noisy(with_arm(scene.clone(), {200, 150}), 1));
  const FrameQuality quality = meter.measure(noisy(with_arm(scene.clone(), {240, 160}), 2));
  EXPECT_FALSE(quality.still);
  EXPECT_FALSE(quality.readable());
}

TEST(FrameQuality, AHandHeldStillOverTheTableIsAnIntrusion) {
  FrameQualityMeter meter;
  const cv::Mat scene = with_card(table(kWood, 3), {320, 180});
  meter.measure(noisy(scene, 1));
  meter.measure(noisy(scene, 2));
  meter.accept_reference();
  const cv::Mat hand = with_arm(scene.clone(), {300, 170});
  meter.measure(noisy(hand, 3));
  const FrameQuality quality = meter.measure(noisy(hand, 4));
  EXPECT_TRUE(quality.still);
  EXPECT_TRUE(quality.intruded);
  EXPECT_GT(quality.intrusion_share, 0.02);
  EXPECT_FALSE(quality.readable());
}

TEST(FrameQuality, ACardLaidInsideTheTableIsNoIntrusion) {
  FrameQualityMeter meter;
  const cv::Mat scene = table(kWood, 4);
  meter.measure(noisy(scene, 1));
  meter.accept_reference();
  const cv::Mat laid = with_card(with_card(scene.clone(), {320, 180}), {450, 250});
  meter.measure(noisy(laid, 2));
  const FrameQuality quality = meter.measure(noisy(laid, 3));
  EXPECT_FALSE(quality.intruded);
  EXPECT_TRUE(quality.readable());
}

// The change from the reference says where cards were laid since, and nowhere else.
TEST(FrameQuality, TheChangeFromTheReferenceIsWhereACardWasLaid) {
  FrameQualityMeter meter;
  const cv::Mat scene = table(kBlueCloth, 5);
  meter.measure(noisy(scene, 1));
  EXPECT_TRUE(meter.change_mask().empty()) << "no reference yet";
  meter.accept_reference();
  const cv::Point card_at(200, 120);
  const cv::Mat laid = with_card(scene.clone(), card_at);
  meter.measure(noisy(laid, 2));
  meter.measure(noisy(laid, 3));
  const cv::Mat& changed = meter.change_mask();
  ASSERT_FALSE(changed.empty());
  const double scale = static_cast<double>(changed.cols) / kSize.width;
  const auto share = [&](cv::Point centre) {
    const int half = static_cast<int>(30 * scale);
    const cv::Point at(static_cast<int>(centre.x * scale), static_cast<int>(centre.y * scale));
    const cv::Mat square = changed(cv::Rect(at.x - half, at.y - half, 2 * half, 2 * half));
    return static_cast<double>(cv::countNonZero(square)) / static_cast<double>(square.total());
  };
  EXPECT_GT(share(card_at), 0.8);
  EXPECT_LT(share({450, 250}), 0.02) << "the cloth where nothing was laid";
  meter.accept_reference();
  EXPECT_EQ(cv::countNonZero(meter.change_mask()), 0) << "the reference is the last view";
}

TEST(FrameQuality, AnArmOutsideThePlayAreaDoesNotBlockReading) {
  FrameQualityMeter meter;
  const cv::Mat scene = with_card(table(kBlueCloth, 5), {400, 180});
  meter.measure(noisy(scene, 1));
  meter.accept_reference();
  cv::Mat play_area(kSize, CV_8U, cv::Scalar(0));
  cv::rectangle(play_area, cv::Rect(300, 80, 200, 200), cv::Scalar(255), cv::FILLED);
  meter.set_play_area(play_area);
  const cv::Mat resting = with_arm(scene.clone(), {60, 300});
  meter.measure(noisy(resting, 2));
  EXPECT_FALSE(meter.measure(noisy(resting, 3)).intruded);
  const cv::Mat reaching = with_arm(scene.clone(), {380, 200});
  meter.measure(noisy(reaching, 4));
  EXPECT_TRUE(meter.measure(noisy(reaching, 5)).intruded);
}

TEST(FrameQuality, ABlurredFrameIsNotRead) {
  FrameQualityMeter meter;
  const cv::Mat scene = with_card(table(kBlueCloth, 6), {320, 180});
  meter.measure(scene);
  meter.accept_reference();
  cv::Mat blurred;
  cv::GaussianBlur(scene, blurred, cv::Size(), 3.0);
  meter.measure(blurred);
  const FrameQuality quality = meter.measure(blurred);
  EXPECT_TRUE(quality.still);
  EXPECT_TRUE(quality.blurred);
  EXPECT_LT(quality.sharpness_ratio, 0.6);
}

// A still view that has been measured readable is not measured again while it stays the same;
// the lens going out of focus, or a dropped (black) frame, is no longer the same view.
TEST(FrameQuality, AViewThatBlursOrGoesBlackAfterAReadableOneIsNotRead) {
  FrameQualityMeter meter;
  const cv::Mat scene = with_card(table(kBlueCloth, 6), {320, 180});
  meter.measure(scene);
  meter.accept_reference();
  for (int frame = 0; frame < 3; ++frame) ASSERT_TRUE(meter.measure(scene).readable());
  cv::Mat blurred;
  cv::GaussianBlur(scene, blurred, cv::Size(), 3.0);
  for (int frame = 0; frame < 3; ++frame) EXPECT_FALSE(meter.measure(blurred).readable());
  meter.measure(scene);
  ASSERT_TRUE(meter.measure(scene).readable());
  const cv::Mat black(scene.size(), CV_8UC3, cv::Scalar::all(0));
  EXPECT_FALSE(meter.measure(black).readable());
}

// Cards lifted from a plain table take most of the view's edges with them: the view is less
// sharp than the reference, yet not blurred. Blurring it still is.
TEST(FrameQuality, CardsLiftedFromAPlainTableAreNoBlur) {
  FrameQualityMeter meter;
  const cv::Mat plain(kSize, CV_8UC3, kWood);
  cv::Mat laid = plain.clone();
  for (const cv::Point centre : {cv::Point(200, 180), cv::Point(290, 180), cv::Point(380, 180),
                                 cv::Point(290, 90), cv::Point(290, 270)}) {
    laid = with_card(laid, centre);
  }
  // Without sensor noise, whose own sharpness would hide the edges'.
  meter.measure(laid);
  meter.measure(laid);
  meter.accept_reference();
  const cv::Mat lifted = with_card(plain.clone(), {200, 180});
  meter.measure(lifted);
  const FrameQuality quality = meter.measure(lifted);
  EXPECT_TRUE(quality.still);
  EXPECT_FALSE(quality.blurred) << quality.sharpness_ratio;
  cv::Mat blurred;
  cv::GaussianBlur(lifted, blurred, cv::Size(), 3.0);
  meter.measure(blurred);
  EXPECT_TRUE(meter.measure(blurred).blurred);
}

TEST(FrameQuality, BeforeAReferenceSkinReachingInIsAnIntrusionUnlessTheTableIsSkinColoured) {
  FrameQualityMeter on_cloth;
  const cv::Mat cloth_hand = with_arm(table(kBlueCloth, 7), {300, 170});
  on_cloth.measure(noisy(cloth_hand, 1));
  EXPECT_TRUE(on_cloth.measure(noisy(cloth_hand, 2)).intruded);

  FrameQualityMeter on_wood;
  const cv::Mat wood_hand = with_arm(table(kWood, 8), {300, 170});
  on_wood.measure(noisy(wood_hand, 1));
  EXPECT_FALSE(on_wood.measure(noisy(wood_hand, 2)).intruded);
}

TEST(FrameQuality, SkinFromTheEdgeIsWhatAFirstFrameShowsAsIntrusions) {
  const FrameQualityMeter asked;
  for (const cv::Mat& frame : {with_arm(table(kBlueCloth, 9), {300, 170}),
                               with_arm(table(kWood, 10), {300, 170}), table(kBlueCloth, 11)}) {
    FrameQualityMeter measured;
    measured.measure(frame);
    EXPECT_EQ(cv::countNonZero(asked.skin_from_edge(frame) != measured.intrusion_mask()), 0);
  }
  EXPECT_GT(cv::countNonZero(asked.skin_from_edge(with_arm(table(kBlueCloth, 9), {300, 170}))),
            1000);
}

TEST(FrameQuality, ANewFrameSizeStartsOver) {
  FrameQualityMeter meter;
  meter.measure(table(kBlueCloth, 9));
  meter.accept_reference();
  EXPECT_TRUE(meter.has_reference());
  cv::Mat smaller;
  cv::resize(table(kBlueCloth, 9), smaller, kSize / 2);
  EXPECT_FALSE(meter.measure(smaller).still);
  EXPECT_FALSE(meter.has_reference());
}

}  // namespace
}  // namespace tableref::vision

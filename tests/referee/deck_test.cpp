#include "referee/deck.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "referee/record.hpp"

namespace tableref::referee {
namespace {

TEST(Deck, BuiltinDecksMatchTheBox) {
  EXPECT_EQ(builtin_freeze_deck().cards.size(), 36u);
  EXPECT_EQ(builtin_trio_deck().cards.size(), 60u);
  EXPECT_EQ(builtin_punto_deck().cards.size(), 72u);
  EXPECT_EQ(builtin_bugs_deck().species.size(), 25u);
  EXPECT_EQ(builtin_bugs_deck().removed_at_setup, 7);
}

TEST(Deck, FreezeCardsHaveThreeToFiveHoles) {
  for (const FreezeCard& card : builtin_freeze_deck().cards) {
    int holes = 0;
    for (const FreezePosition& position : card.front) holes += position ? 0 : 1;
    EXPECT_GE(holes, 3) << card.id;
    EXPECT_LE(holes, 5) << card.id;
  }
}

TEST(Deck, TrioHasTenOfEachColour) {
  for (const Colour colour : kAllColours) {
    int count = 0;
    for (const TrioCard& card : builtin_trio_deck().cards) count += card.colour == colour ? 1 : 0;
    EXPECT_EQ(count, 10) << colour_name(colour);
  }
}

TEST(Deck, MalformedDeckNamesThePlace) {
  const auto bad = parse_freeze_deck(
      R"({"game":"monster-freeze","version":1,"cards":[{"id":"A","cells":["hole","pink","hole","hole","hole","hole","hole","hole","hole"]}]})",
      "deck.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "deck.json: cards[0].cells[1]: unknown colour \"pink\"");
}

TEST(Deck, SyntaxErrorIsReported) {
  const auto bad = parse_trio_deck("{\"game\": ", "t.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("t.json: not valid JSON"), std::string::npos);
}

TEST(Deck, ANumberTooLargeForAnyTypeIsAShortError) {
  const auto bad = parse_punto_deck("{\"version\": 1" + std::string(400, '9') + "}", "p.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "p.json: not valid JSON: a number is too large");
}

// Inputs the fuzz targets found to break a parser, kept in their corpora (fuzz/corpus).
TEST(Deck, InputsTheFuzzersFoundAreShortErrors) {
  const std::filesystem::path corpus =
      std::filesystem::path(TABLEREF_SOURCE_DIR) / "fuzz" / "corpus";
  const auto records = corpus / "records" / "regression-number-overflow.json";
  const auto text = read_text_file(records);
  ASSERT_TRUE(text.ok()) << text.error().message;
  const auto replay = replay_record(*text, "r.json");
  ASSERT_FALSE(replay.ok());
  EXPECT_EQ(replay.error().message, "r.json: not valid JSON: a number is too large");
}

TEST(Deck, MissingFileIsAnError) {
  const auto missing = load_punto_deck("/nonexistent/punto.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("cannot open"), std::string::npos);
}

TEST(Deck, DuplicateIdIsRejected) {
  const auto bad = parse_punto_deck(
      R"({"game":"punto","version":1,"cards":[{"id":"X","color":"red","value":1},{"id":"X","color":"red","value":2}]})",
      "p.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("duplicate card id"), std::string::npos);
}

}  // namespace
}  // namespace tableref::referee

// Decimal DOWN:UP ratios (issue 39): the reader and printer against many random ratios built from their
// parts, the errors with their fixes, the design file, and the port split and switch counts of a fabric at
// 1:1.16 worked out by hand (the figures below are arithmetic on the README rule, not the builder's output).
#include <QtTest>

#include <nlohmann/json.hpp>

#include <numeric>
#include <random>

#include "common/error.h"
#include "spec/ratio.h"
#include "spec/spec_json.h"
#include "topology/builder.h"

using namespace fp;
using nlohmann::json;

namespace {

// "1.16" from 116 at 2 decimals, written independently of ratio.cpp: printf of the exact decimal, then the
// trailing zeros and point dropped.
std::string decimalText(long long scaled, int decimals)
{
    static const long long pow10[] = {1, 10, 100, 1000};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%lld.%0*lld", scaled / pow10[decimals], decimals, scaled % pow10[decimals]);
    std::string s = decimals == 0 ? std::to_string(scaled) : std::string(buf);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

ClusterSpec flatSpec(int endpoints)
{
    ClusterSpec s;
    s.gpus = endpoints;
    s.gpusPerNode = 1;
    s.nicsPerNode = 1;
    s.railOptimized = false;
    return s;
}

} // namespace

class TestRatio : public QObject {
    Q_OBJECT
private slots:
    void writtenFormsReadExactly_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("down");
        QTest::addColumn<int>("up");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("printed");
        QTest::addColumn<int>("lowestDown");
        QTest::addColumn<int>("lowestUp");
        QTest::addRow("1:1") << "1:1" << 1 << 1 << 0 << "1:1" << 1 << 1;
        QTest::addRow("4:3 stays whole") << "4:3" << 4 << 3 << 0 << "4:3" << 4 << 3;
        QTest::addRow("2:2 as written") << "2:2" << 2 << 2 << 0 << "2:2" << 1 << 1;
        QTest::addRow("1:1.16 is 25:29") << "1:1.16" << 100 << 116 << 2 << "1:1.16" << 25 << 29;
        QTest::addRow("Meta 1:1.125 is 8:9") << "1:1.125" << 1000 << 1125 << 3 << "1:1.125" << 8 << 9;
        QTest::addRow("1.5:1 is 3:2") << "1.5:1" << 15 << 10 << 1 << "1.5:1" << 3 << 2;
        QTest::addRow("trailing zeros dropped") << "1:1.160" << 100 << 116 << 2 << "1:1.16" << 25 << 29;
        QTest::addRow("2.0:1 is whole") << "2.0:1" << 2 << 1 << 0 << "2:1" << 2 << 1;
        QTest::addRow("spaces") << " 3 : 1 " << 3 << 1 << 0 << "3:1" << 3 << 1;
        QTest::addRow("leading point") << ".5:1" << 5 << 10 << 1 << "0.5:1" << 1 << 2;
        QTest::addRow("1:64 bound") << "1:64" << 1 << 64 << 0 << "1:64" << 1 << 64;
    }
    void writtenFormsReadExactly()
    {
        QFETCH(QString, text);
        QFETCH(int, down);
        QFETCH(int, up);
        QFETCH(int, decimals);
        QFETCH(QString, printed);
        QFETCH(int, lowestDown);
        QFETCH(int, lowestUp);
        Ratio r;
        const RatioProblem p = parseRatio(text.toStdString(), r);
        QVERIFY2(!p, p.what.c_str());
        QCOMPARE(r.down, down);
        QCOMPARE(r.up, up);
        QCOMPARE(r.decimals, decimals);
        QCOMPARE(QString::fromStdString(ratioText(r)), printed);
        QCOMPARE(reduced(r).down, lowestDown);
        QCOMPARE(reduced(r).up, lowestUp);
    }

    // Property: any ratio in range, written with 0-3 decimals per side, reads back to its exact value and
    // prints as written (less trailing zeros); printing then reading is the identity.
    void randomRatiosRoundTrip()
    {
        std::mt19937 rng(39);
        static const long long pow10[] = {1, 10, 100, 1000};
        int checked = 0;
        for (int i = 0; i < 20000; ++i) {
            const int dd = int(rng() % 4), du = int(rng() % 4);
            const long long a = 1 + rng() % (100 * pow10[dd]), b = 1 + rng() % (100 * pow10[du]);  // sides up to 100
            const std::string text = decimalText(a, dd) + ":" + decimalText(b, du);
            // The exact value a/10^dd : b/10^du, cross-multiplied, decides the range independently.
            const long long x = a * pow10[du], y = b * pow10[dd];  // x:y is the ratio on whole numbers
            const bool inRange = x <= 64 * y && y <= 64 * x;
            Ratio r;
            const RatioProblem p = parseRatio(text, r);
            QVERIFY2(bool(p) != inRange, (text + ": " + p.what).c_str());
            if (!inRange) {
                QVERIFY2(p.what.find("beyond 64:1") != std::string::npos, p.what.c_str());
                continue;
            }
            ++checked;
            QCOMPARE(static_cast<long long>(r.down) * y, static_cast<long long>(r.up) * x);  // exact value
            QCOMPARE(ratioText(r), text);
            Ratio again;
            QVERIFY(!parseRatio(ratioText(r), again));
            QVERIFY(again == r);
            const Ratio low = reduced(r);
            QCOMPARE(std::gcd(low.down, low.up), 1);
            QCOMPARE(static_cast<long long>(low.down) * y, static_cast<long long>(low.up) * x);
        }
        QVERIFY(checked > 10000);
    }

    void mistakesSayWhatAndHowToFix_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("fix");
        QTest::addRow("zero up") << "1:0" << "\"1:0\" needs both sides above 0" << "use 1:1";
        QTest::addRow("zero down") << "0.000:1" << "needs both sides above 0" << "use 1:1";
        QTest::addRow("not a number") << "1:abc" << "\"1:abc\" is not a DOWN:UP ratio: \"abc\" is not a number" << "e.g. 1:1";
        QTest::addRow("no colon") << "fast" << "\"fast\" is not a DOWN:UP ratio" << "DOWN:UP";
        QTest::addRow("two colons") << "1:1:1" << "is not a DOWN:UP ratio" << "DOWN:UP";
        QTest::addRow("empty side") << ":2" << "has no DOWN number" << "DOWN:UP";
        QTest::addRow("dangling point") << "1.:2" << "is not a number" << "DOWN:UP";
        QTest::addRow("negative") << "-1:2" << "is not a number" << "above 0";
        QTest::addRow("four decimals") << "1:1.1667" << "\"1:1.1667\" has more than 3 decimals" << "round each side to 3 decimals";
        QTest::addRow("past 64:1") << "1:65" << "\"1:65\" is beyond 64:1 either way" << "from 1:64 to 64:1";
        QTest::addRow("past 64:1 in decimals") << "64.5:1" << "\"64.5:1\" is beyond 64:1" << "from 1:64 to 64:1";
        QTest::addRow("huge side") << "5000:5000" << "has a side above 1000" << "smaller numbers";
        QTest::addRow("past int") << "99999999999:1" << "\"99999999999:1\" has a side above 1000" << "smaller numbers";
    }
    void mistakesSayWhatAndHowToFix()
    {
        QFETCH(QString, text);
        QFETCH(QString, what);
        QFETCH(QString, fix);
        Ratio r{7, 5, 0};
        const RatioProblem p = parseRatio(text.toStdString(), r);
        QVERIFY2(p, text.toUtf8().constData());
        QVERIFY2(QString::fromStdString(p.what).contains(what), p.what.c_str());
        QVERIFY2(QString::fromStdString(p.fix).contains(fix), p.fix.c_str());
        QVERIFY(r == (Ratio{7, 5, 0}));  // untouched
    }

    // The design file: a decimal ratio is written as typed; whole-number ratios as before ("4:3"), so a file
    // of an older build reads and writes back byte-identically.
    void designFileKeepsTheWrittenForm()
    {
        ClusterSpec s;
        Ratio r;
        QVERIFY(!parseRatio("1:1.16", r));
        s.leafOversubscription = r;
        QVERIFY(!parseRatio("1.125:1", r));
        s.spineOversubscription = r;
        const json j = specToJson(s);
        QCOMPARE(j["fabric"]["leaf_oversubscription"].get<std::string>(), std::string("1:1.16"));
        QCOMPARE(j["fabric"]["spine_oversubscription"].get<std::string>(), std::string("1.125:1"));
        QVERIFY(specFromJson(j).spec == s);

        const std::string older =
            R"({"format_version":1,"compute":{"gpus":64},"fabric":{"leaf_oversubscription":"4:3","spine_oversubscription":"2:1"}})";
        const SpecReadResult back = specFromText(older, "older.fabricplan");
        QVERIFY(back.spec.leafOversubscription == (Ratio{4, 3, 0}));
        QCOMPARE(specToJson(back.spec)["fabric"]["leaf_oversubscription"].get<std::string>(), std::string("4:3"));
        QCOMPARE(specToJson(back.spec)["fabric"]["spine_oversubscription"].get<std::string>(), std::string("2:1"));

        try {
            specFromText(R"({"format_version":1,"fabric":{"leaf_oversubscription":"1:1.1234"}})", "d.fabricplan");
            QFAIL("accepted 4 decimals");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), QStringLiteral("d.fabricplan: /fabric/leaf_oversubscription"));
            QVERIFY2(std::string(e.what()).find("has more than 3 decimals") != std::string::npos, e.what());
        }
    }

    // A 64-port leaf at 1:1.16 (= 25:29 exactly): down d = floor(64 * 25 / 54) = floor(29.63) = 29; up
    // u = ceil(29 * 29 / 25) = ceil(33.64) = 34; 29 + 34 = 63 ports, one idle, 29:34 = 1:1.172 (no more
    // oversubscribed than asked). Two tiers hold 64 spines x 29 = 1,856 endpoints.
    void leafSplitAt1To116ByHand()
    {
        Ratio r;
        QVERIFY(!parseRatio("1:1.16", r));
        QCOMPARE(topology::maxEndpoints(2, {64, 1}, r, Ratio{}), 64LL * 29);
        ClusterSpec s = flatSpec(512);
        s.leafOversubscription = r;
        const Fabric f = topology::build(s, {64, 1}, 400);
        QCOMPARE(f.shape.leafDown, 29);
        QCOMPARE(f.shape.leafUp, 34);
        QVERIFY(f.shape.leafDown * 116 <= f.shape.leafUp * 100);  // at or under 1:1.16,
        QVERIFY((f.shape.leafDown + 1) * 116 > (64 - f.shape.leafDown - 1) * 100);  // and one more down port breaks it
        // Whole numbers are unchanged: 2:1 on 64 ports is 42:21 (whole groups of 3), as before decimals.
        s.leafOversubscription = {2, 1};
        QCOMPARE(topology::build(s, {64, 1}, 400).shape.leafDown, 42);
    }

    // Property of the decimal split on random radices and ratios (the builder's shape): never more
    // oversubscribed than asked (d * U <= u * D), within the switch (d + u <= R), and no down port left
    // out (d + 1 down ports with the up ports they need would not fit), or a clear error when not even one
    // down port fits.
    void decimalSplitIsTheMostDownPortsTheBoundAllows()
    {
        std::mt19937 rng(116);
        for (int i = 0; i < 3000; ++i) {
            const int radix = 8 + int(rng() % 249);
            const int decimals = 1 + int(rng() % 3);
            const int scale = decimals == 1 ? 10 : decimals == 2 ? 100 : 1000;
            Ratio r{1 + int(rng() % (8 * scale)), 1 + int(rng() % (8 * scale)), decimals};
            if (ratioProblem(r)) continue;
            const long long D = reduced(r).down, U = reduced(r).up;
            ClusterSpec s = flatSpec(radix + 1);  // one more than a single switch takes: two tiers
            s.leafOversubscription = r;
            const std::string ctx = ratioText(r) + " on " + std::to_string(radix) + " ports";
            if (radix * D < D + U) {  // floor(R * D / (D+U)) = 0
                QVERIFY_THROWS_EXCEPTION(UserError, topology::shapeOf(s, {radix, 1}, 400));
                continue;
            }
            FabricShape sh;
            try {
                sh = topology::shapeOf(s, {radix, 1}, 400);
            } catch (const UserError& e) {
                QFAIL((ctx + ": " + e.what()).c_str());
            }
            const long long d = sh.leafDown, u = sh.leafUp;
            QVERIFY2(d >= 1 && u >= 1, ctx.c_str());
            QVERIFY2(d * U <= u * D, ctx.c_str());
            QVERIFY2(d + u <= radix, ctx.c_str());
            QVERIFY2((d + 1) + ((d + 1) * U + D - 1) / D > radix, ctx.c_str());
            QCOMPARE(u, (d * U + D - 1) / D);  // the fewest up ports
        }
    }

    // 512 single-NIC nodes on 64-port switches at 1:1.16, worked by hand from README "Leaf ports" and
    // "Spines": leaves = ceil(512 / 29) = 18 (17 full, one with 19 nodes); the busiest leaf needs
    // ceil(29 * 1.16) = 34 uplinks; 18 leaves fit under 64-port spines, so two tiers; the fewest spines S
    // taking m = ceil(34 / S) links from every leaf with S * m <= 34 and 18 * m <= 64 (m <= 3) is S = 17,
    // m = 2 (S = 10..16 give m = 3 or 4 with S * m > 34). Switches 18 + 17 = 35; leaf-spine links 18 x 34 =
    // 612; host links 512. At 1:1 the same fabric has 16 leaves x 32 up over 8 spines of 4 links from each
    // leaf (S = ceil(16 * 32 / 64) = 8, m = 4): 34 uplinks have no divisor between 10 and 16, so 1:1.16 needs
    // more spines than 1:1 here (even striping, README "Spines").
    void twoTierFabricAt1To116ByHand()
    {
        ClusterSpec s = flatSpec(512);
        QVERIFY(!parseRatio("1:1.16", s.leafOversubscription));
        const Fabric f = topology::build(s, {64, 1}, 400);
        QCOMPARE(f.shape.tiers, 2);
        QCOMPARE(f.switchCount(Tier::Leaf), 18LL);
        QCOMPARE(f.switchCount(Tier::Spine), 17LL);
        QCOMPARE(f.switchCount(), 35LL);
        QCOMPARE(f.shape.linksLeafToSpine, 2);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 512LL);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 18LL * 34);

        s.leafOversubscription = {1, 1};
        const Fabric one = topology::build(s, {64, 1}, 400);
        QCOMPARE(one.switchCount(Tier::Leaf), 16LL);
        QCOMPARE(one.switchCount(Tier::Spine), 8LL);
    }
};

QTEST_APPLESS_MAIN(TestRatio)
#include "test_ratio.moc"

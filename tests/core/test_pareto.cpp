// The Pareto front (issue 41, core/plan/pareto.h): fronts worked out by hand, then hundreds of random
// point sets against the definition, checked with a dominance test written here independently of the
// module's own.
#include <QtTest>

#include <random>
#include <set>
#include <stdexcept>

#include "plan/pareto.h"

using namespace fp;
using pareto::Goal;
using Rows = std::vector<std::vector<double>>;
using Indices = std::vector<std::size_t>;

namespace {

constexpr Goal kMin = Goal::Minimise;
constexpr Goal kMax = Goal::Maximise;

// The definition, spelled out: `a` is no worse on every figure and better on one.
bool beats(const std::vector<double>& a, const std::vector<double>& b, const std::vector<Goal>& goals)
{
    int better = 0;
    for (std::size_t k = 0; k < goals.size(); ++k) {
        const bool aWorse = goals[k] == kMin ? a[k] > b[k] : a[k] < b[k];
        if (aWorse) return false;
        if (a[k] != b[k]) ++better;
    }
    return better > 0;
}

} // namespace

class TestPareto : public QObject {
    Q_OBJECT
private slots:
    // Capex (min) against bus bandwidth (max), six designs:
    //   0 ($100, 50)  front: nothing at <= $100 has >= 50 GB/s
    //   1 ($120, 60)  front: the only other 60 GB/s design costs $150
    //   2 ($110, 40)  beaten by 0 (cheaper, faster)
    //   3 ($100, 45)  beaten by 0 (same price, faster)
    //   4 ($150, 60)  beaten by 1 (cheaper, as fast)
    //   5 ($ 90, 30)  front: the cheapest
    void capexAgainstBusbwByHand()
    {
        const Rows rows = {{100, 50}, {120, 60}, {110, 40}, {100, 45}, {150, 60}, {90, 30}};
        QCOMPARE(pareto::front(rows, {kMin, kMax}), (Indices{0, 1, 5}));
        // With less bandwidth counted as better, 5 ($90, 30) is no worse than any design on both: it alone.
        QCOMPARE(pareto::front(rows, {kMin, kMin}), (Indices{5}));
    }

    // Three figures, min / min / max: 2 (3,3,1) is beaten by 1 (2,2,2); 3 (1,5,0) by 0 (1,5,1); 1 and 4
    // are equal, so neither beats the other and both stay; 5 is the only design at 1 on the second figure.
    void threeFiguresWithEqualRowsByHand()
    {
        const Rows rows = {{1, 5, 1}, {2, 2, 2}, {3, 3, 1}, {1, 5, 0}, {2, 2, 2}, {5, 1, 3}};
        QCOMPARE(pareto::front(rows, {kMin, kMin, kMax}), (Indices{0, 1, 4, 5}));
    }

    // An unbuildable design is never on the front and does not push buildable designs off it, however
    // good its figures; a design with a figure that is not a number is left out alike.
    void unbuildableAndNotANumberAreLeftOut()
    {
        const Rows rows = {{100, 50}, {120, 60}, {1, 1000}, {90, 30}, {95, std::nan("")}, {80, 70}};
        const std::vector<bool> buildable = {true, true, false, true, true, false};
        QCOMPARE(pareto::front(rows, {kMin, kMax}, buildable), (Indices{0, 1, 3}));
        // All buildable: the $1, 1000 GB/s design beats every other.
        QCOMPARE(pareto::front(rows, {kMin, kMax}), (Indices{2}));
        QCOMPARE(pareto::front({}, {kMin, kMax}), Indices{});
        QCOMPARE(pareto::front({{1, 2}}, {kMin, kMax}, {false}), Indices{});
    }

    void oneFigure()
    {
        QCOMPARE(pareto::front({{3}, {7}, {7}, {1}}, {kMax}), (Indices{1, 2}));
        QCOMPARE(pareto::front({{3}, {7}, {7}, {1}}, {kMin}), (Indices{3}));
    }

    void badShapesAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pareto::front({{1, 2}, {3}}, {kMin, kMin}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pareto::front({{1, 2}}, {kMin, kMin}, {true, false}));
    }

    // Hundreds of random sets, small integers (many ties) and doubles, 1 to 4 figures, some designs
    // unbuildable: the front is exactly the buildable designs no buildable design beats; no front design
    // is beaten by any design; every buildable design off the front is beaten by a design on it.
    void randomSetsMeetTheDefinition()
    {
        std::mt19937 rng(41);
        for (int set = 0; set < 600; ++set) {
            const std::size_t n = std::uniform_int_distribution<std::size_t>(0, 80)(rng);
            const std::size_t dims = std::uniform_int_distribution<std::size_t>(1, 4)(rng);
            const bool integers = set % 2 == 0;
            std::vector<Goal> goals;
            for (std::size_t k = 0; k < dims; ++k) goals.push_back(rng() % 2 ? kMin : kMax);
            Rows rows(n, std::vector<double>(dims));
            std::vector<bool> buildable(n);
            for (std::size_t i = 0; i < n; ++i) {
                for (auto& v : rows[i])
                    v = integers ? double(std::uniform_int_distribution<int>(0, 5)(rng))
                                 : std::uniform_real_distribution<double>(-1e6, 1e9)(rng);
                buildable[i] = rng() % 7 != 0;
            }
            const Indices got = pareto::front(rows, goals, buildable);
            const std::set<std::size_t> onFront(got.begin(), got.end());
            QVERIFY(std::is_sorted(got.begin(), got.end()));
            QCOMPARE(onFront.size(), got.size());
            for (std::size_t i = 0; i < n; ++i) {
                if (!buildable[i]) {
                    QVERIFY2(!onFront.count(i), "an unbuildable design is on the front");
                    continue;
                }
                bool beatenByAny = false, beatenByFront = false;
                for (std::size_t j = 0; j < n; ++j) {
                    if (!buildable[j] || !beats(rows[j], rows[i], goals)) continue;
                    beatenByAny = true;
                    beatenByFront = beatenByFront || onFront.count(j);
                    QCOMPARE(pareto::dominates(rows[j], rows[i], goals), true);
                }
                if (onFront.count(i)) QVERIFY2(!beatenByAny, qPrintable(QStringLiteral("set %1: front design %2 is beaten").arg(set).arg(i)));
                else QVERIFY2(beatenByFront, qPrintable(QStringLiteral("set %1: design %2 is off the front but no front design beats it").arg(set).arg(i)));
            }
        }
    }

    void figureNames()
    {
        using pareto::Figure;
        QCOMPARE(pareto::parseFigures("capex,busbw,power"), (std::vector<Figure>{Figure::Capex, Figure::Busbw, Figure::Power}));
        QCOMPARE(pareto::parseFigures("interruptions,optics,switches,tco").size(), std::size_t(4));
        QVERIFY(pareto::defaultFigures() == (std::vector<Figure>{Figure::Capex, Figure::Busbw}));
        QVERIFY(pareto::infoOf(Figure::Busbw).goal == kMax);
        QVERIFY(pareto::infoOf(Figure::Capex).goal == kMin);
        for (const char* bad : {"", "capex,", "capex,capex", "colour", "Capex"}) {
            try {
                pareto::parseFigures(bad);
                QFAIL(qPrintable(QStringLiteral("\"%1\" was accepted").arg(QLatin1String(bad))));
            } catch (const std::invalid_argument& e) {
                const std::string why = e.what();
                QVERIFY2(why.find("known: capex, tco, power, busbw, interruptions, switches, optics") != std::string::npos ||
                             why.find("given twice") != std::string::npos,
                         e.what());
            }
        }
    }

    // Each figure as the plan's summary prints it, by hand: the Explorer's tooltips and PDF table read these.
    void figuresReadAsThePlanPrintsThem()
    {
        QCOMPARE(pareto::figureText(pareto::Figure::Capex, 3580195.0), std::string("$3.58 M"));
        QCOMPARE(pareto::figureText(pareto::Figure::TotalCapex, 624900.0), std::string("$625 k"));
        QCOMPARE(pareto::figureText(pareto::Figure::Switches, 2048.0), std::string("2,048"));
        QCOMPARE(pareto::figureText(pareto::Figure::TotalPower, 11144.34), std::string("11,144.3"));
        QCOMPARE(pareto::figureText(pareto::Figure::Busbw, 373.04), std::string("373.0"));
        QCOMPARE(pareto::figureText(pareto::Figure::Interruptions, 0.0373), std::string("0.037"));
        for (const pareto::FigureInfo& f : pareto::figures()) QVERIFY2(!pareto::figureText(f.figure, 1.0).empty(), f.name);
    }
};

QTEST_APPLESS_MAIN(TestPareto)
#include "test_pareto.moc"

// Optical loss-budget arithmetic against hand calculations. Constants (fabric-facts §4, FOA):
// MM 3.0 dB/km @850 nm, SM 0.4 dB/km @1310 nm, MPO pair 0.75 dB, LC pair 0.5 dB, splice MM 0.3 / SM 0.15 dB.
#include <QtTest>

#include "media/loss_budget.h"

using namespace fp;
using namespace fp::media;

class TestLossBudget : public QObject {
    Q_OBJECT
private slots:
    void totals_data()
    {
        QTest::addColumn<double>("lengthM");
        QTest::addColumn<bool>("singleMode");
        QTest::addColumn<bool>("mpo");
        QTest::addColumn<int>("pairs");
        QTest::addColumn<int>("splices");
        QTest::addColumn<double>("expectedDb");
        // 0.150 km x 3.0 dB/km = 0.45; 2 x 0.75 = 1.50 -> 1.95 dB
        QTest::newRow("MM 150 m, 2 MPO panels") << 150.0 << false << true << 2 << 0 << 1.95;
        // 0.050 x 3.0 = 0.15; 2 x 0.75 = 1.50 -> 1.65 dB (NVIDIA SR4 50 m assumes two panels)
        QTest::newRow("MM 50 m, 2 MPO panels") << 50.0 << false << true << 2 << 0 << 1.65;
        // 0.500 x 0.4 = 0.20; 2 x 0.75 = 1.50 -> 1.70 dB
        QTest::newRow("SM 500 m, 2 MPO panels") << 500.0 << true << true << 2 << 0 << 1.70;
        // 2.000 x 0.4 = 0.80; 2 x 0.5 = 1.00; 1 x 0.15 = 0.15 -> 1.95 dB
        QTest::newRow("SM 2 km LC, 2 panels, 1 splice") << 2000.0 << true << false << 2 << 1 << 1.95;
        // 0.100 x 3.0 = 0.30; no connectors -> 0.30 dB
        QTest::newRow("MM 100 m LC direct") << 100.0 << false << false << 0 << 0 << 0.30;
        // 0.030 x 3.0 = 0.09; 2 x 0.5 = 1.0; 2 x 0.3 = 0.6 -> 1.69 dB
        QTest::newRow("MM 30 m LC, 2 pairs, 2 splices") << 30.0 << false << false << 2 << 2 << 1.69;
        // 10 x 0.4 = 4.0; 2 x 0.5 = 1.0 -> 5.0 dB
        QTest::newRow("SM 10 km LC, 2 panels") << 10000.0 << true << false << 2 << 0 << 5.0;
    }
    void totals()
    {
        QFETCH(double, lengthM);
        QFETCH(bool, singleMode);
        QFETCH(bool, mpo);
        QFETCH(int, pairs);
        QFETCH(int, splices);
        QFETCH(double, expectedDb);
        ChannelInput in;
        in.lengthM = lengthM;
        in.singleMode = singleMode;
        in.mpo = mpo;
        in.matedPairs = pairs;
        in.splices = splices;
        in.budgetDb = 1.9;
        const LossBudget b = computeLoss(in);
        QVERIFY(qAbs(b.totalDb - expectedDb) < 1e-9);
        QVERIFY(qAbs(b.fibreDb + b.connectorsDb + b.splicesDb - b.totalDb) < 1e-12);
        QVERIFY(qAbs(b.marginDb() - (1.9 - expectedDb)) < 1e-9);
    }

    void arithmeticIsShown()
    {
        ChannelInput in;
        in.lengthM = 150;
        in.matedPairs = 2;
        in.budgetDb = 1.9;  // 400GBASE-SR8 on OM4 (fabric-facts §3.1)
        const std::string text = lossArithmetic(in, computeLoss(in));
        // 1.95 dB = 0.150 km x 3.0 dB/km + 2 x 0.75 dB ... > 1.90 dB budget
        QVERIFY2(text.find("1.95 dB = 0.150 km x 3.0 dB/km + 2 x 0.75 dB") == 0, text.c_str());
        QVERIFY2(text.find("> 1.90 dB budget") != std::string::npos, text.c_str());
        in.matedPairs = 1;  // 0.45 + 0.75 = 1.20 <= 1.90
        const std::string ok = lossArithmetic(in, computeLoss(in));
        QVERIFY2(ok.find("1.20 dB") == 0 && ok.find("<= 1.90 dB budget") != std::string::npos, ok.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLossBudget)
#include "test_loss_budget.moc"

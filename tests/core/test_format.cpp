// Counts people read (common/format.h): a count meets its noun in number, never "design(s)".
#include <QtTest>

#include <limits>

#include "common/format.h"

using namespace fp;

class TestFormat : public QObject {
    Q_OBJECT
private slots:
    void countsTakeTheirNounInNumber()
    {
        QCOMPARE(counted(1, "design"), std::string("1 design"));
        QCOMPARE(counted(2, "design"), std::string("2 designs"));
        QCOMPARE(counted(0, "error"), std::string("0 errors"));
        QCOMPARE(counted(1234567, "GPU"), std::string("1,234,567 GPUs"));
        QCOMPARE(counted(1, "switch", "switches"), std::string("1 switch"));
        QCOMPARE(counted(3, "switch", "switches"), std::string("3 switches"));
        // A verb agrees with the count it follows.
        QCOMPARE(counted(1, "cage") + " " + nounFor(1, "carries", "carry"), std::string("1 cage carries"));
        QCOMPARE(counted(2, "cage") + " " + nounFor(2, "carries", "carry"), std::string("2 cages carry"));
    }

    // The advice, the summary and the comparison table print money by one rule.
    // Floor sizes: a two-rack lab is 1.2 m wide (whole metres read it as 1 m), a hall 120.6 m reads 121 m.
    void floorSizesInMetres()
    {
        QCOMPARE(formatMetres(1.2), std::string("1.2"));
        QCOMPARE(formatMetres(0.0), std::string("0.0"));
        QCOMPARE(formatMetres(9.94), std::string("9.9"));
        QCOMPARE(formatMetres(9.96), std::string("10"));  // not "10.0": the same figure at 10 m and above
        QCOMPARE(formatMetres(120.6), std::string("121"));
        QCOMPARE(formatMetres(1234.4), std::string("1,234"));
    }

    // Hand-worked: one decimal, thousands apart, halves away from zero; never a megawatt rounding.
    void powerInKilowatts()
    {
        QCOMPARE(formatKw(11144.34), std::string("11,144.3 kW"));
        QCOMPARE(formatKilowatts(0.94), std::string("0.9"));
        QCOMPARE(formatKilowatts(0.25), std::string("0.3"));       // 2.5 tenths: away from zero
        QCOMPARE(formatKilowatts(999.96), std::string("1,000.0"));  // the carry reaches the thousands
        QCOMPARE(formatKilowatts(1234567.0), std::string("1,234,567.0"));
        QCOMPARE(formatKilowatts(-3.25), std::string("-3.3"));
        QCOMPARE(formatKilowatts(-0.04), std::string("0.0"));  // no "-0.0"
        QCOMPARE(formatKilowatts(std::numeric_limits<double>::quiet_NaN()), std::string("n/a"));
        QCOMPARE(formatOneDecimal(20000.0), std::string("20,000.0"));  // bisection Tb/s at 100,000 GPUs
        QCOMPARE(formatOneDecimal(2.5), std::string("2.5"));
        QCOMPARE(formatOneDecimal(1e300).substr(0, 4), std::string("1000"));  // no overflow past a long long
    }

    // Failures a year in the resilience tables: two decimals, thousands apart, the same halves and signs.
    void rateWithTwoDecimals()
    {
        QCOMPARE(formatTwoDecimals(10.176), std::string("10.18"));
        QCOMPARE(formatTwoDecimals(0.05), std::string("0.05"));        // the hundredths keep their leading 0
        QCOMPARE(formatTwoDecimals(0.0), std::string("0.00"));
        QCOMPARE(formatTwoDecimals(81446.4), std::string("81,446.40"));  // NIC ports of a 1,000,000-GPU plan
        QCOMPARE(formatTwoDecimals(999.999), std::string("1,000.00"));   // the carry reaches the thousands
        QCOMPARE(formatTwoDecimals(-0.004), std::string("0.00"));        // no "-0.00"
        QCOMPARE(formatTwoDecimals(-2.5), std::string("-2.50"));
        QCOMPARE(formatTwoDecimals(std::numeric_limits<double>::infinity()), std::string("n/a"));
        QCOMPARE(formatTwoDecimals(1e300).substr(0, 4), std::string("1000"));  // no overflow past a long long
        QCOMPARE(formatOneDecimal(0.05), std::string("0.1"));  // one decimal is unchanged by the shared code
    }

    void moneyHasOneRule()
    {
        QCOMPARE(formatUsdShort(21959.5e6), std::string("$21.96 B"));
        QCOMPARE(formatUsdShort(624900), std::string("$625 k"));
        QCOMPARE(formatUsdShort(0), std::string("$0"));
    }
};

QTEST_MAIN(TestFormat)
#include "test_format.moc"

// placeholder, filled below
#include <QtTest>
class TstNocRouting : public QObject {
    Q_OBJECT
private slots:
    void placeholder() {}
};
QTEST_APPLESS_MAIN(TstNocRouting)
#include "tst_noc_routing.moc"

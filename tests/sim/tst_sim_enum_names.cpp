// sim::EnumNames: one name table per enum, looked up both ways.
#include <QtTest>

#include "nccl/bootstrap_scene/nccl_events.h"
#include "rdma/hca_states.h"
#include "rdma/wqe.h"
#include "sim/enum_names.h"

using namespace commviz;

namespace {

enum class Colour { Red, Green, Blue };
constexpr sim::EnumNames<Colour::Blue> kColours({"red", "green", "blue"});

}  // namespace

class TestSimEnumNames : public QObject {
    Q_OBJECT

private slots:
    void namesFollowTheEnumOrder() {
        static_assert(kColours(Colour::Red) == "red");
        static_assert(decltype(kColours)::kCount == 3);
        QCOMPARE(kColours(Colour::Green), std::string_view("green"));
        QCOMPARE(kColours(Colour::Blue), std::string_view("blue"));
    }

    void aValuePastTheTableGetsTheFallback() {
        QCOMPARE(kColours(static_cast<Colour>(3)), std::string_view());
        QCOMPARE(kColours(static_cast<Colour>(7), "?"), std::string_view("?"));
    }

    void findIsTheInverse() {
        QCOMPARE(kColours.find("blue"), std::optional<Colour>(Colour::Blue));
        QCOMPARE(kColours.find("Blue"), std::optional<Colour>());
        QCOMPARE(kColours.find(""), std::optional<Colour>());
    }

    // The strings rxe's state enums print (rdma-core providers/rxe, rxe_resp.c
    // RESPST_*, rxe_comp.c COMPST_*) and the NCCL check-in outcomes, as the
    // views and the state JSON show them.
    void sceneTablesKeepTheirStrings() {
        QCOMPARE(std::string(rdma::requesterStateName(rdma::ReqState::WaitPsn)), std::string("wait_psn"));
        QCOMPARE(std::string(rdma::responderStateName(rdma::RespState::ChkResource)), std::string("CHK_RESOURCE"));
        QCOMPARE(std::string(rdma::responderStateName(rdma::RespState::QpError)), std::string("error"));
        QCOMPARE(std::string(rdma::completerStateName(rdma::CompState::ErrorRetry)), std::string("ERROR_RETRY"));
        QCOMPARE(std::string(rdma::requesterStateName(static_cast<rdma::ReqState>(200))), std::string("idle"));
        QCOMPARE(rdma::wqeStateName(rdma::WqeState::Pending), std::string_view("pending"));
        QCOMPARE(std::string(nccl::outcomeName(nccl::Outcome::RootWarn)), std::string("root_warn"));
    }
};

QTEST_APPLESS_MAIN(TestSimEnumNames)
#include "tst_sim_enum_names.moc"

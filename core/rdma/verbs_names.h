#pragma once

// Real names for the verbs vocabulary ("IBV_QPS_RTS", "IBV_WC_RNR_RETRY_EXC_ERR",
// "RDMA_WRITE_FIRST", "EINVAL", ...) and parsing from those names, so a
// scenario script is written in the words of libibverbs.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rdma/verbs_enums.h"

namespace commviz::rdma {

std::string_view verbsName(QpState v);
std::string_view verbsName(QpType v);
std::string_view verbsName(QpAttrMask v);
std::string_view verbsName(WrOpcode v);
std::string_view verbsName(SendFlag v);
std::string_view verbsName(AccessFlag v);
std::string_view verbsName(WcStatus v);
std::string_view verbsName(WcOpcode v);
std::string_view verbsName(WcFlag v);
std::string_view verbsName(Mtu v);
std::string_view verbsName(AsyncEventType v);
std::string_view verbsName(Errno v);
std::string_view verbsName(BthOpcode v);

/// ibv_wc_status_str(): "success", "transport retry counter exceeded", ...
std::string_view wcStatusStr(WcStatus v);
/// "AETH_ACK_UNLIMITED", "AETH_RNR_NAK", "AETH_NAK_PSN_SEQ_ERROR", ...
std::string aethSyndromeName(std::uint8_t syndrome);
/// Name of an errno value, or its number as text when it has none here.
std::string errnoName(int value);

std::optional<QpState> parseQpState(std::string_view name);
std::optional<QpType> parseQpType(std::string_view name);
std::optional<QpAttrMask> parseQpAttrMask(std::string_view name);
std::optional<WrOpcode> parseWrOpcode(std::string_view name);
std::optional<SendFlag> parseSendFlag(std::string_view name);
std::optional<AccessFlag> parseAccessFlag(std::string_view name);
std::optional<Mtu> parseMtu(std::string_view name);
std::optional<WcStatus> parseWcStatus(std::string_view name);
std::optional<WcOpcode> parseWcOpcode(std::string_view name);

/// Every name of a kind, for "allowed ..." messages and choice lists.
std::vector<std::string> qpStateNames();
std::vector<std::string> qpAttrMaskNames();
std::vector<std::string> wrOpcodeNames();  ///< the RC opcodes this model executes
std::vector<std::string> sendFlagNames();
std::vector<std::string> accessFlagNames();
std::vector<std::string> mtuNames();

/// "IBV_QP_STATE | IBV_QP_PKEY_INDEX" for a mask; "0" when empty.
std::string maskNames(std::uint32_t mask);
std::vector<std::string> maskNameList(std::uint32_t mask);
std::vector<std::string> accessNameList(std::uint32_t access);
std::vector<std::string> sendFlagNameList(std::uint32_t flags);
std::vector<std::string> wcFlagNameList(std::uint32_t flags);

std::string joinNames(const std::vector<std::string>& names);

}  // namespace commviz::rdma
